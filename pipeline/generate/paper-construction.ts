// The paper's construction of every task's questions as one choice (`generate --paper`,
// GenerateOptions.construction = 'paper'): the options where misi-gen's defaults differ from
// the MiSI-Bench paper, set to the paper's. docs/generate.md has the table of each default
// and the measured reason it differs. The run records `construction: "paper"` in the
// manifest's options beside the values it set; its dataset is otherwise byte for byte the
// one the separate flags make (test/pipeline/paper-construction.test.ts).

import { taskOptionFlag } from '../../qa/task.ts';
import { taskOptionList } from '../../qa/task-registry.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import type { LabelSet } from '../../renders/style.ts';
import { UsageError } from '../usage-error.ts';

/** The value of each task option in the paper's construction, as the option declares it
 * (TaskOption.paper: the choice tasks' decoys, residue_ligand's negatives, zooming's
 * distance), by key in alphabetical order; the options of every known task. */
export function paperTaskOptions(): Record<string, string> {
  const set = taskOptionList().flatMap(({ option }) => (option.paper === undefined ? [] : [[option.key, option.paper] as const]));
  return Object.fromEntries(set.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every label drawn, placed clear of the other labels only (misi-gen's images and wording
 * of the paper's construction before renderer 11). */
export const PAPER_LABELS: { labelLayout: LabelLayoutMode; labels: LabelSet } = { labelLayout: 'avoid', labels: 'all' };

/** The flags `--paper` stands for, as a user would type them (its help and its refusals). */
export function paperFlags(): string[] {
  return [
    ...Object.entries(paperTaskOptions()).map(([k, v]) => `--${taskOptionFlag(k)} ${v}`),
    `--label-layout ${PAPER_LABELS.labelLayout}`,
    `--labels ${PAPER_LABELS.labels}`,
  ];
}

/** What withConstruction reads of a run's options (GenerateOptions, generate-options.ts). */
interface ConstructionRequest {
  construction?: string;
  taskOptions?: Record<string, string>;
  labelLayout?: LabelLayoutMode;
  labelLayouts?: Record<string, LabelLayoutMode>;
  labels?: LabelSet;
  labelSets?: Record<string, LabelSet>;
}

/**
 * The options with the paper's construction filled in when it was asked for. An option it
 * sets that was given too is refused (a usage error), whatever its value: the manifest's
 * `construction: "paper"` then always means the paper's construction whole.
 */
export function withConstruction<O extends ConstructionRequest>(o: O): O {
  if (o.construction === undefined) return o;
  if (o.construction !== 'paper') throw new UsageError(`construction '${o.construction}': the one known is 'paper' (--paper)`);
  const paper = paperTaskOptions();
  const given = [
    ...Object.keys(paper).filter((k) => o.taskOptions?.[k] !== undefined),
    ...(['labelLayout', 'labelLayouts', 'labels', 'labelSets'] as const).filter((k) => o[k] !== undefined),
  ];
  if (given.length)
    throw new UsageError(
      `--paper sets ${given.map(flagOf).join(', ')} itself (it stands for ${paperFlags().join(' ')}); give either --paper or the separate flags`,
    );
  return { ...o, ...PAPER_LABELS, taskOptions: { ...o.taskOptions, ...paper } };
}

function flagOf(key: string): string {
  if (key === 'labelLayouts') return '--label-layout';
  if (key === 'labelSets') return '--labels';
  return `--${taskOptionFlag(key)}`;
}
