// Reading `move` / `roll` commands out of a model's reply (translation, rotation, zooming,
// docking). The grammar is renders/commands.ts; a reply is searched for every piece of
// text shaped like a command, so words, units and punctuation around it do not matter:
// `The answer is roll Y +15°.` reads as `roll y 15`.
import { type Command, parseCommand, parseCommands } from '../../renders/commands.ts';
import { readFromRegions } from './answer-text.ts';

/**
 * `move|roll`, an axis (optionally `x axis`, `(x)`), an optional `by`/`=`/`:`, a signed number (a space after the sign is
 * allowed); units such as `A`, `Å`, `angstrom`, `°`, `degrees` after it are ignored.
 */
const COMMAND_SHAPE = /\b(move|roll)\s*\(?\s*([xyz])(?:[\s-]*axis)?\s*\)?\s*(?:by\s+|=\s*|:\s*)?([+-]?)\s*(\d+(?:\.\d*)?|\.\d+)/gi;

/** Every command found in `text`, in the order written; [] when there is none. */
export function findCommands(text: string): Command[] {
  const found: Command[] = [];
  for (const m of text.matchAll(COMMAND_SHAPE)) {
    const sign = m[3] === '-' ? '-' : '';
    found.push(parseCommand(`${m[1]} ${m[2]} ${sign}${m[4]}`));
  }
  return found;
}

/**
 * The commands a reply gives as its answer: those after its last answer marker when there
 * are any there, else all in the reply. Undefined when the reply holds no command.
 */
export function readReplyCommands(reply: string): Command[] | undefined {
  return readFromRegions(reply, (text) => {
    const found = findCommands(text);
    return found.length ? found : undefined;
  });
}

/** A dataset's answer string read strictly by the command grammar (throws when it breaks it). */
export function readTruthCommands(answer: string): Command[] {
  return parseCommands(answer);
}

/** Same verb, axis and amount (amounts compared as numbers, so `15` equals `15.0`). */
export function sameCommand(a: Command, b: Command): boolean {
  return a.kind === b.kind && a.axis === b.axis && a.amount === b.amount;
}
