// `verify --answers`: each record's answer and options derived again from its own `truth`
// (and checked against its sampled parameters), so a record whose answer was edited, with
// the manifest's digest made to match, is still found. The answer text a truth gives is its
// task's answer kind's (qa/answer-kinds.ts: `answerOf`, the very function generate's tasks
// write their answers with); a kind that cannot say (`text`, a task's own value) or a task
// this run does not know (written outside the package, not loaded with --task-module) is
// counted as not checked. A choice's truth is also checked here: exactly one option of
// scheme `truth`, with the truth's letter, and the record's options the truth's.

import { CommandsTruthSchema, type LetterTruth, LetterTruthSchema, parseTruth } from '../../qa/answer-kinds.ts';
import { answerKindOf, taskById } from '../../qa/task-registry.ts';
import { formatCommands } from '../../renders/commands.ts';
import type { QaRecord } from '../dataset/question-record.ts';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What the truth of a record gives: its answer text, or why none can be derived (`unknown`: not checked). */
type Derived = { answer: string } | { problem: string } | { unknown: true };

/** The answer a record's truth gives (its task's answer kind says), or why it gives none. */
export function answerOfTruth(task: string, truth: unknown): Derived {
  const module = taskById(task);
  if (!module) return { unknown: true };
  const kind = answerKindOf(module);
  const checked = kind.check(truth);
  if (!checked.ok) return { problem: checked.problem };
  const choice = kind.name === 'letter' ? parseTruth(LetterTruthSchema, truth) : undefined;
  if (choice) {
    const right = choice.options.filter((o) => o.scheme === 'truth');
    if (right.length !== 1) return { problem: `truth.options has ${right.length} options of scheme 'truth' (one expected)` };
    if (right[0].letter !== choice.letter)
      return { problem: `truth.letter ${choice.letter} is not the letter of the option of scheme 'truth' (${right[0].letter})` };
  }
  const answer = kind.answerOf(truth);
  return answer === undefined ? { unknown: true } : { answer };
}

/** The options as a prompt shows them, from the truth's: what `options` must hold, in order. */
function shownOptions(options: LetterTruth['options']): unknown[] {
  return options.map((o) => ({
    letter: o.letter,
    ...(o.image !== undefined ? { image: o.image } : {}),
    ...(o.commands ? { commands: formatCommands(o.commands) } : {}),
    ...(o.text !== undefined ? { text: o.text } : {}),
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is wrong with a record's answer, options and parameters against its truth (empty
 * when all agree), or null when its answer cannot be derived here (not checked).
 */
export function answerProblems(r: QaRecord): string[] | null {
  const derived = answerOfTruth(r.task, r.truth);
  if ('unknown' in derived) return null;
  if ('problem' in derived) return [derived.problem];
  const problems: string[] = [];
  if (r.answer !== derived.answer) problems.push(`answer '${r.answer}' is not the one its truth gives, '${derived.answer}'`);
  const choice = parseTruth(LetterTruthSchema, r.truth);
  const commands = parseTruth(CommandsTruthSchema, r.truth)?.commands;
  const params = isObject(r.meta?.params) ? r.meta.params : {};
  if (choice) {
    if (
      !same(
        (r.options ?? []).map((o) => ({ ...o })),
        shownOptions(choice.options),
      )
    )
      problems.push('options differ from the options of its truth');
    const schemes = choice.options.filter((o) => o.scheme !== 'truth').map((o) => o.scheme);
    if (r.meta.decoySchemes !== undefined && !same(r.meta.decoySchemes, schemes))
      problems.push("meta.decoySchemes differ from the schemes of its truth's options");
    const rightCommands = choice.options.find((o) => o.scheme === 'truth')?.commands;
    if (
      typeof params.f1 === 'string' &&
      typeof params.f2 === 'string' &&
      rightCommands &&
      formatCommands(rightCommands) !== `${params.f1}, ${params.f2}`
    )
      problems.push(`the right option's commands are not meta.params f1, f2 (${params.f1}, ${params.f2})`);
  } else if (r.options !== undefined) problems.push('options on a question whose truth has none');
  if (commands?.length === 1 && 'axis' in params && 'amount' in params) {
    if (commands[0].axis !== params.axis || commands[0].amount !== params.amount)
      problems.push(`truth.commands is not meta.params (axis ${params.axis}, amount ${params.amount})`);
  }
  return problems;
}
