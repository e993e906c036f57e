// A run's labels per task: which labels its images draw (`--labels all|residues|ligand|none`,
// default the task's own: TaskModule.labelSet, else all, the paper's) and how they are placed (`--label-layout`, default the task's own:
// TaskModule.labelLayout, else `clear`), each for every task or TASK=VALUE for one, and the
// style each task's scenes are drawn in. Tasks with equal choices share one style object, so
// a scene two tasks show is one image.
import { defaultLabelLayout, defaultLabelSet, type TaskModule } from '../../qa/task.ts';
import { LABEL_LAYOUTS, type LabelLayoutMode } from '../../renders/label-layout.ts';
import { LABEL_SETS, type LabelSet, type Style, withLabelSet } from '../../renders/style.ts';
import { oneOf, type PerTaskFlag, type PerTaskRequest, parsePerTask, perTaskValues } from './per-task-values.ts';

const LAYOUT_FLAG: PerTaskFlag<LabelLayoutMode> = {
  flag: '--label-layout',
  noun: 'layout',
  nouns: 'layouts',
  placeholder: 'MODE',
  parse: oneOf('--label-layout', LABEL_LAYOUTS),
};
const SET_FLAG: PerTaskFlag<LabelSet> = {
  flag: '--labels',
  noun: 'label set',
  nouns: 'label sets',
  placeholder: 'SET',
  parse: oneOf('--labels', LABEL_SETS),
};

type FlagValues = string | readonly string[] | undefined;

/** Parses `--label-layout` (MODE or TASK=MODE, repeatable); throws a one-line Error on bad input. */
export function parseLabelLayouts(values: FlagValues, tasks: readonly Pick<TaskModule, 'id'>[]): PerTaskRequest<LabelLayoutMode> {
  return parsePerTask(LAYOUT_FLAG, values, tasks);
}

/** Parses `--labels` (SET or TASK=SET, repeatable); throws a one-line Error on bad input. */
export function parseLabelSets(values: FlagValues, tasks: readonly Pick<TaskModule, 'id'>[]): PerTaskRequest<LabelSet> {
  return parsePerTask(SET_FLAG, values, tasks);
}

/** Each task's label layout: its own request, else the one for all, else the task's default. */
export function labelLayouts(tasks: readonly TaskModule[], request: PerTaskRequest<LabelLayoutMode> = {}): Record<string, LabelLayoutMode> {
  return perTaskValues(tasks, request, defaultLabelLayout);
}

/** Each task's label set: its own request, else the one for all, else the task's default (TaskModule.labelSet, else all). */
export function labelSets(tasks: readonly TaskModule[], request: PerTaskRequest<LabelSet> = {}): Record<string, LabelSet> {
  return perTaskValues(tasks, request, defaultLabelSet);
}

/**
 * The style of each task: `styleOf(layout)` (the run's style with that layout, made once per
 * layout) drawing the task's label set.
 */
export function taskStyles(
  tasks: readonly TaskModule[],
  layouts: Record<string, LabelLayoutMode>,
  sets: Record<string, LabelSet>,
  styleOf: (layout: LabelLayoutMode) => Style,
): Record<string, Style> {
  const byLayout = new Map<LabelLayoutMode, Style>();
  return Object.fromEntries(
    tasks.map((t) => {
      const layout = layouts[t.id];
      let base = byLayout.get(layout);
      if (!base) byLayout.set(layout, (base = styleOf(layout)));
      return [t.id, withLabelSet(base, sets[t.id] ?? defaultLabelSet(t))];
    }),
  );
}
