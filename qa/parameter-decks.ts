// Draws without replacement for the tasks whose question is one set of parameters
// (translation, rotation, zooming, docking): each axis has a deck, the task's whole space of
// parameters on that axis shuffled once per (seed, task, complex) (qa/draw-deck.ts). The
// question's balanced slot picks the axis, as it always did; since the slot cycles the axes
// per complex, the questions on that axis before question i are exactly floor(i / axes), so
// question i takes that entry of its axis's deck and no two questions of a complex share
// parameters. A complex asked for more questions than the space holds gets a reject naming
// the task for each question past it, never a repeat.
import type { Axis } from '../renders/commands.ts';
import { deckEntry } from './draw-deck.ts';
import type { TaskContext } from './task.ts';

/** One deck: the parameters one slot draws from, and the deck's purpose (its key). */
export interface ParameterDeck<T> {
  purpose: string;
  space: readonly T[];
}

export type DeckDraw<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One deck per axis, its purpose `axis <a>`, its space `spaceOf(axis)`. */
export function axisDecks<T>(axes: readonly Axis[], spaceOf: (axis: Axis) => readonly T[]): ParameterDeck<T>[] {
  return axes.map((axis) => ({ purpose: `axis ${axis}`, space: spaceOf(axis) }));
}

/** Why a question has no parameters left: the task named, and how many its space holds. */
export function noMoreDistinct(task: string, used: number): string {
  return `no more distinct ${task} parameters for this complex: ${used} used`;
}

/**
 * The question's parameters: deck `ctx.slot(decks.length)`, entry floor(index / decks.length)
 * of that deck (the slot cycles the decks, so that is how many questions took that deck
 * before this one). Past the end of the deck: the reject of noMoreDistinct.
 */
export function drawFromDecks<T>(
  ctx: Pick<TaskContext, 'seed' | 'index' | 'slot' | 'subject'>,
  task: string,
  decks: readonly ParameterDeck<T>[],
): DeckDraw<T> {
  const deck = decks[ctx.slot(decks.length)];
  const value = deckEntry(ctx.seed, task, ctx.subject.complex.id, deck.purpose, deck.space, Math.floor(ctx.index / decks.length));
  if (value === undefined)
    return {
      ok: false,
      reason: noMoreDistinct(
        task,
        decks.reduce((n, d) => n + d.space.length, 0),
      ),
    };
  return { ok: true, value };
}
