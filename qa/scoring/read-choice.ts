// Reading the chosen letter (A-D) of a four-way choice out of a model's reply:
// `B`, `b.`, `(C)`, `Answer: B`, `The answer is **D**.`, `Option A`, `B) move x 3`.
import { cleanReply, normaliseText } from './answer-text.ts';
import { findCommands, sameCommand } from './read-commands.ts';

export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export type Letter = (typeof LETTERS)[number];

/** The whole reply is one letter, maybe in brackets or with a full stop: `(b).` */
const ONLY_LETTER = /^\W*([A-D])\W*$/i;
/** `answer` -> `[aA][nN]...`: case-blind words in a regex whose letters must stay case-true. */
const anyCase = (word: string) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('');
/** A letter right after a marker word; lower case only when nothing word-like follows it. */
const marked = (words: string[]) =>
  new RegExp(
    `\\b(?:${words.map(anyCase).join('|')})(?:\\s*(?:${anyCase('is')}\\b|:|=|-))*\\s*\\(?(?:([A-D])\\b|([a-d])(?=\\s*(?:[).,;:!]|$)))`,
    'g',
  );
const AFTER_ANSWER = marked(['answer']);
const AFTER_OPTION = marked(['option', 'choice']);
/** A capital A-D standing alone (not part of a word or of `A-D`). */
const STANDALONE_CAPITAL = /(?<![\w-])([A-D])(?![\w-])/g;

const lettersOf = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => (m[1] ?? m[2] ?? m[0]).toUpperCase() as Letter);
const single = (letters: Letter[]) => (new Set(letters).size === 1 ? letters[0] : undefined);

/**
 * In order: the whole reply is a letter; the letter after the last `answer` marker; the
 * one letter named after `option`/`choice`; the one capital A-D standing alone ("A" is also
 * an article, so it counts only when no other capital A-D stands alone).
 */
function letterIn(text: string): Letter | undefined {
  const only = ONLY_LETTER.exec(text.trim());
  if (only) return only[1].toUpperCase() as Letter;
  const afterAnswer = lettersOf(text, AFTER_ANSWER);
  if (afterAnswer.length) return afterAnswer[afterAnswer.length - 1];
  return single(lettersOf(text, AFTER_OPTION)) ?? single(lettersOf(text, STANDALONE_CAPITAL));
}

/** The option whose text the reply repeats instead of naming its letter, if exactly one. */
function letterByOptionText(reply: string, options: Record<string, string>): Letter | undefined {
  const said = normaliseText(reply);
  const saidCommands = findCommands(cleanReply(reply));
  const hits = LETTERS.filter((l) => {
    const text = options[l];
    if (text === undefined) return false;
    if (normaliseText(text) === said) return true;
    const commands = findCommands(text);
    return commands.length > 0 && commands.length === saidCommands.length && commands.every((c, i) => sameCommand(c, saidCommands[i]));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The letter a reply chooses, or undefined when none can be told (see `letterIn`); failing
 * a letter, a reply that repeats one option's text (or exactly its commands) chooses it.
 */
export function readReplyLetter(reply: string, options?: Record<string, string>): Letter | undefined {
  const letter = letterIn(cleanReply(reply));
  if (letter) return letter;
  return options ? letterByOptionText(reply, options) : undefined;
}

/** A dataset's answer letter, strictly: one of A-D. */
export function readTruthLetter(answer: string): Letter {
  const a = answer.trim();
  if (!(LETTERS as readonly string[]).includes(a)) throw new Error(`expected a letter A-D, found '${answer}'`);
  return a as Letter;
}
