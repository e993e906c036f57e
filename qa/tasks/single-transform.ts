// The three cloze tasks with one whole-scene command (translation, rotation, zooming): the
// three views of the starting complex, then its front view after the command. The answer
// is the command itself. Commands are drawn without replacement per complex
// (qa/parameter-decks.ts): no two questions of a complex ask the same command.
import { type Command, formatCommands } from '../../renders/commands.ts';
import { commandsAnswer } from '../answer-kinds.ts';
import { drawFromDecks, type ParameterDeck } from '../parameter-decks.ts';
import type { Rng } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import type { TaskScorer } from '../scoring/task-scorers.ts';
import type { AnswerMotion, PaperColumn, PerSplitCount, TaskContext, TaskModule, TaskOption } from '../task.ts';

export interface SingleTransformTask {
  id: string;
  /** TaskModule.summary. */
  summary: string;
  defaultCounts: PerSplitCount;
  /** The commands it asks, one deck per axis (the question's balanced slot picks the axis,
   * so axes cycle per complex), or a single deck. */
  decks: readonly ParameterDeck<Command>[];
  scorer: TaskScorer;
  /** The random baseline's guess (a command from the task's answer space). */
  randomGuess: (rng: Rng) => string;
  /** Options of the task alone (TaskModule.options). */
  options?: readonly TaskOption[];
  /** TaskModule.paperColumns. */
  paperColumns?: readonly PaperColumn[];
  /** The template's placeholders for a question (none by default). */
  vars?: (ctx: TaskContext) => Record<string, string>;
  /** How the answer moves the scene (TaskModule.motion); `moves` is always `scene`. */
  motion: Omit<AnswerMotion, 'moves'>;
}

export function singleTransformTask(t: SingleTransformTask): TaskModule {
  return {
    id: t.id,
    format: 'cloze',
    imageCount: 4,
    defaultCounts: t.defaultCounts,
    template: t.id,
    summary: t.summary,
    answer: commandsAnswer,
    motion: { moves: 'scene', ...t.motion },
    scorer: t.scorer,
    ...(t.options ? { options: t.options } : {}),
    ...(t.paperColumns ? { paperColumns: t.paperColumns } : {}),
    randomGuess: (_question, rng) => t.randomGuess(rng),
    plan(ctx: TaskContext) {
      const drawn = drawFromDecks(ctx, t.id, t.decks);
      if (!drawn.ok) return { ok: false, reason: drawn.reason, replacements: 0 };
      const command = drawn.value;
      const images = [...threeViews(ctx.subject, ctx.style), scene(ctx.subject, ctx.style, { transform: [command] })];
      return {
        ok: true,
        plan: {
          images,
          answer: formatCommands([command]),
          truth: { kind: 'commands', commands: [command] },
          vars: t.vars ? t.vars(ctx) : {},
          params: { axis: command.axis, amount: command.amount },
          replacements: 0,
        },
      };
    },
  };
}
