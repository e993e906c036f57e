// The command language of the dataset: `move <axis> <d>` and `roll <axis> <a>`, joined by
// commas and applied left to right (see docs/rendering.md, "Frames and commands").
//
// Frame, stated once: the screen frame of the front view, x to the right, y up, z out of
// the screen toward the viewer (right-handed). `move` distances are in angstrom, `roll`
// angles in degrees, right-hand rule about an axis parallel to the named screen axis.

import { type FailureKind, KnownError } from '../structures/known-error.ts';

export type Axis = 'x' | 'y' | 'z';

export interface Command {
  kind: 'move' | 'roll';
  axis: Axis;
  /** Angstrom for `move`, degrees for `roll`. */
  amount: number;
}

/** A command text that does not follow the grammar; the message names the bad token. */
export class CommandSyntaxError extends KnownError {
  static override readonly failure: FailureKind = 'usage';

  constructor(
    message: string,
    /** The offending token as written ('' when something is missing). */
    readonly token: string,
    /** 0-based index of the command within the sequence. */
    readonly commandIndex: number,
  ) {
    super(message);
    this.name = 'CommandSyntaxError';
  }
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses one command such as `roll y -15`; `index` only serves error messages. */
export function parseCommand(text: string, index = 0): Command {
  const where = `command ${index + 1} ('${text.trim()}')`;
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new CommandSyntaxError(`${where}: empty command`, '', index);
  const [verb, axis, amount, ...extra] = tokens;
  const kind = verb.toLowerCase();
  if (kind !== 'move' && kind !== 'roll') {
    throw new CommandSyntaxError(`${where}: unknown verb '${verb}' (expected move or roll)`, verb, index);
  }
  if (axis === undefined) throw new CommandSyntaxError(`${where}: missing axis after '${verb}'`, '', index);
  const ax = axis.toLowerCase();
  if (ax !== 'x' && ax !== 'y' && ax !== 'z') {
    throw new CommandSyntaxError(`${where}: bad axis '${axis}' (expected x, y or z)`, axis, index);
  }
  if (amount === undefined) {
    throw new CommandSyntaxError(`${where}: missing ${kind === 'move' ? 'distance' : 'angle'} after '${axis}'`, '', index);
  }
  if (!NUMBER.test(amount)) throw new CommandSyntaxError(`${where}: bad number '${amount}'`, amount, index);
  if (extra.length) throw new CommandSyntaxError(`${where}: unexpected '${extra[0]}' after the number`, extra[0], index);
  const value = Number(amount);
  return { kind, axis: ax, amount: value === 0 ? 0 : value };
}

/** Parses a sequence `c1, c2, ...`; an empty or blank text is the empty sequence. */
export function parseCommands(text: string): Command[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part, i) => parseCommand(part, i));
}

/** Writes a sequence back in the canonical form `move x 3, roll y -15`. */
export function formatCommands(commands: readonly Command[]): string {
  return commands.map((c) => `${c.kind} ${c.axis} ${c.amount}`).join(', ');
}
