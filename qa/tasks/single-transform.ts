// The three cloze tasks with one whole-scene command (translation, rotation, zooming): the
// three views of the starting complex, then its front view after the command. The answer
// is the command itself.
import { formatCommands, type Command } from '../../renders/commands.ts';
import type { Rng } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import type { TaskScorer } from '../scoring/task-scorers.ts';
import type { PerSplitCount, TaskContext, TaskModule } from '../task.ts';

export interface SingleTransformTask {
  id: string;
  defaultCounts: PerSplitCount;
  /** Draws the command; `slot(n)` gives the question's balanced slot (axes cycle through it). */
  draw: (rng: Rng, slot: (n: number) => number) => Command;
  scorer: TaskScorer;
  /** The random baseline's guess (a command from the task's answer space). */
  randomGuess: (rng: Rng) => string;
}

export function singleTransformTask(t: SingleTransformTask): TaskModule {
  return {
    id: t.id,
    format: 'cloze',
    imageCount: 4,
    defaultCounts: t.defaultCounts,
    template: t.id,
    scorer: t.scorer,
    randomGuess: (_question, rng) => t.randomGuess(rng),
    plan(ctx: TaskContext) {
      const command = t.draw(ctx.rng, ctx.slot);
      const images = [...threeViews(ctx.subject, ctx.style), scene(ctx.subject, ctx.style, { transform: [command] })];
      return {
        ok: true,
        plan: {
          images,
          answer: formatCommands([command]),
          truth: { kind: 'commands', commands: [command] },
          vars: {},
          params: { axis: command.axis, amount: command.amount },
          replacements: 0,
        },
      };
    },
  };
}
