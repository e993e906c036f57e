// What a choices-only baseline sees of a choice question: its options' commands (axis, sign,
// magnitude of each), read from the record's `options` (the texts a prompt may show), never
// from `truth`. The consensus rule (the option sharing the most with the other three) and
// the features of the small option model (option-model.ts) are computed here.

import { readTruthCommands } from '../../qa/scoring/read-commands.ts';
import type { QaRecord } from '../dataset/question-record.ts';

export interface OptionCommand {
  axis: string;
  sign: number;
  magnitude: number;
}

export interface ChoiceView {
  letters: string[];
  /** Per option, its commands in order. */
  commands: OptionCommand[][];
}

/** The options of a choice record as commands, or null when some option has none. */
export function choiceView(r: QaRecord): ChoiceView | null {
  const options = r.options ?? [];
  if (options.length < 2 || options.some((o) => typeof o.commands !== 'string')) return null;
  try {
    return {
      letters: options.map((o) => o.letter),
      commands: options.map((o) =>
        readTruthCommands(o.commands!).map((c) => ({
          axis: `${c.kind} ${c.axis}`,
          sign: Math.sign(c.amount),
          magnitude: Math.abs(c.amount),
        })),
      ),
    };
  } catch {
    // An option whose commands break the grammar: the choices-only baselines cannot read the question and leave it out, as they leave out one whose options are text.
    return null;
  }
}

/** Per option, how many (axis, sign, magnitude) of its commands it shares with each other option, summed. */
export function sharedFeatures(v: ChoiceView): number[] {
  return v.commands.map((mine, i) => {
    let shared = 0;
    v.commands.forEach((other, j) => {
      if (i === j) return;
      mine.forEach((c, p) => {
        const o = other[p];
        if (!o) return;
        shared += Number(c.axis === o.axis) + Number(c.sign === o.sign) + Number(c.magnitude === o.magnitude);
      });
    });
    return shared;
  });
}

const AXES = ['move x', 'move y', 'move z', 'roll x', 'roll y', 'roll z'];
/** Command positions the model looks at (the built-in choice tasks have two). */
const POSITIONS = 2;
const LETTER_COUNT = 4;

/** The option model's features of each option (a fixed length, whatever the task). */
export function optionFeatures(v: ChoiceView): number[][] {
  const shared = sharedFeatures(v);
  return v.commands.map((mine, i) => {
    const f: number[] = [shared[i]];
    for (let p = 0; p < POSITIONS; p++) {
      const c = mine[p];
      const others = v.commands
        .filter((_, j) => j !== i)
        .map((o) => o[p])
        .filter(Boolean);
      if (!c) {
        f.push(...new Array(AXES.length + 8).fill(0));
        continue;
      }
      f.push(...AXES.map((a) => Number(c.axis === a)));
      f.push(c.sign, c.magnitude / 10, (c.magnitude / 10) ** 2);
      f.push(
        others.filter((o) => o.axis === c.axis).length,
        others.filter((o) => o.sign === c.sign).length,
        others.filter((o) => o.magnitude === c.magnitude).length,
      );
      // Rank of the magnitude among the options, and its distance from their mean.
      f.push(others.filter((o) => o.magnitude < c.magnitude).length / Math.max(1, others.length));
      const mean = [c, ...others].reduce((s, o) => s + o.magnitude, 0) / (others.length + 1);
      f.push(Math.abs(c.magnitude - mean) / 10);
    }
    for (let l = 0; l < LETTER_COUNT; l++) f.push(Number(i === l));
    return f;
  });
}
