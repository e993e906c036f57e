// The options of one run of `generate`, declared once: each option's type (GenerateOptions),
// its default, its check, and where it sits in the run's identity (GENERATE_OPTIONS). The
// command builds its flags' defaults from this table and parses every flag once into
// GenerateOptions (pipeline/commands/generate.ts); the library resolves them once into a
// RunConfig (resolveGenerateOptions) and hands that whole to its stages; the manifest's
// options and the run's identity are recorded from it (run-options.ts, whose recorders
// cover exactly the options declared part of the identity: test/pipeline/run-options.test.ts).

import { VAL } from '../../qa/split-names.ts';
import type { PerSplitCount, TaskModule } from '../../qa/task.ts';
import { allTasks, taskOptionValueProblem } from '../../qa/task-registry.ts';
import type { LabelLayoutMode } from '../../renders/label-layout.ts';
import { DEFAULT_PNG_COMPRESSION, type PngCompression } from '../../renders/png-encode.ts';
import { type AntialiasMethod, DEFAULT_ANTIALIAS, DEFAULT_STYLE, type LabelSet } from '../../renders/style.ts';
import { DEFAULT_TOLERANCES } from '../../structures/hbonds/criteria.ts';
import type { HBondOptions } from '../../structures/hbonds/find-hbonds.ts';
import { DEFAULT_POCKET_HYDROGENS, DEFAULT_POCKET_RADIUS } from '../../structures/pocket-cut.ts';
import { type AnnotationLayout, DEFAULT_ANNOTATION_LAYOUT } from '../dataset/layout.ts';
import { type ClusterEngine, DEFAULT_CLUSTER_THRESHOLD, type SplitBy } from '../split/group-complexes.ts';
import { type BufferSide, DEFAULT_MAX_EXCLUDED } from '../split/split-by-protein.ts';
import { UsageError } from '../usage-error.ts';
import { parseCounts } from './counts.ts';
import type { Interruption } from './interrupt.ts';
import { withConstruction } from './paper-construction.ts';
import { DEFAULT_SEED } from './seeds.ts';
import type { Shard } from './shard.ts';
import { DEFAULT_TEST_SHARE } from './split.ts';

export interface GenerateOptions {
  structures: string[];
  ligand?: string;
  ligandsFile?: string;
  pocketRadius?: number;
  pocketHydrogens?: boolean;
  /** H-bond criteria (default: ChimeraX's, relaxed); the bonds are stored on each complex. */
  hbonds?: HBondOptions;
  out: string;
  tasks: readonly TaskModule[];
  seed: number;
  /** Keep only the first N complexes by sorted id (before the split). */
  limit?: number;
  /** Questions per complex and split by task id (unset tasks: their own defaults); the text
   * form `translation=4/2,...` (the flag's) is read too. */
  perComplex?: string | Readonly<Record<string, PerSplitCount>>;
  testShare: number;
  /** What a held-out group is (default: each complex); see pipeline/split/. */
  splitBy?: SplitBy;
  /** Identity threshold (fraction) of the split by protein. */
  clusterThreshold?: number;
  /** Cluster engine of the split by protein (default exact). */
  clusterEngine?: ClusterEngine;
  /** Split by protein: share that may be excluded (default 0.2), and whether a test side short of its aim is accepted. */
  maxExcluded?: number;
  /** Split by protein: `val` makes the excluded complexes a validation split (default none). */
  buffer?: BufferSide;
  allowShort?: boolean;
  /** Time split: the date test starts at, and release years from a PDBbind index. */
  splitDate?: string;
  indexYears?: ReadonlyMap<string, string>;
  /** Pages in the render pool; default one per core. */
  pages?: number;
  /** Worker threads reading the inputs (default 1: this thread); outputs do not depend on it. */
  readThreads?: number;
  /** How outlines are smoothed (default DEFAULT_ANTIALIAS); part of the run's identity. */
  antialias?: AntialiasMethod;
  /** Annotation files: compact (default), full (one JSON record per image, as before) or none; part of the run's identity. */
  annotations?: AnnotationLayout;
  /** PNG encoder setting (default fast; renders/png-encode.ts); part of the run's identity. */
  pngCompression?: PngCompression;
  /** Do only this slice of the complexes (and no assembly: `merge` joins the shards). */
  shard?: Shard;
  /** Image width and height of every task's images, pixels (default: each task's own,
   * TaskModule.defaultImageSize). */
  size?: number;
  /** Image width and height of single tasks by task id, pixels (over `size`). */
  sizes?: Record<string, number>;
  /** Label font size, CSS pixels (default 12; does not scale with the image). */
  labelFontSize?: number;
  /** Label placement of every task's images (default: each task's own, TaskModule.labelLayout,
   * else `clear`; renders/label-layout.ts). `avoid` is the layout before renderer 11. */
  labelLayout?: LabelLayoutMode;
  /** Label placement of single tasks by task id (over `labelLayout`). */
  labelLayouts?: Record<string, LabelLayoutMode>;
  /** Which labels every task's images draw (default: each task's own, TaskModule.labelSet, else all, the paper's). */
  labels?: LabelSet;
  /** Which labels single tasks' images draw, by task id (over `labels`). */
  labelSets?: Record<string, LabelSet>;
  /** Values of the tasks' own options by key (TaskModule.options), e.g. { residueFraming: 'complex' };
   * each unset one takes its default. All are part of the run's identity. */
  taskOptions?: Record<string, string>;
  /** Camera of residue-ligand questions: the same as taskOptions.residueFraming (kept for callers
   * of 0.1), checked as it is, against the choices its task declares (`subject`, `complex`). */
  residueFraming?: string;
  /** The paper's construction was asked for as one choice (`--paper`, paper-construction.ts):
   * recorded in the manifest's options as `construction: "paper"`; the options it stands for are set in the others. */
  construction?: 'paper';
  /** Progress and notes (stderr in the CLI). */
  log?: (line: string) => void;
  /** Given: SIGINT and SIGTERM stop the run tidily (browsers killed, temporary files
   * removed; interrupt.ts), then this is called with how far it got (and should exit). */
  onInterrupt?: (i: Interruption) => void;
  quiet?: boolean;
}

/** Where an option sits in the run's identity (run-identity.ts): among the dataset's options
 * (recorded in the manifest too), the inputs, the seed, or nowhere (how the run is done, not what it makes). */
export type IdentityPart = 'options' | 'inputs' | 'seed' | null;

/** One option: its flag on the command line (when it has one), default, check, identity. */
export interface OptionDeclaration<T> {
  /** The flag that sets it, without `--` (undefined: the library's only, or set by several flags; the command reads every flag, pipeline/commands/generate.ts). */
  flag?: string;
  /** Its value when not given (undefined: none; the run then works without it). */
  default?: T;
  /** What is wrong with a value, in words that follow the option's name (null: nothing). */
  check?: (value: T) => string | null;
  identity: IdentityPart;
}

const wholeAtLeast = (min: number) => (n: number) => (Number.isInteger(n) && n >= min ? null : `must be a whole number >= ${min}`);
const fraction = (n: number) => (n >= 0 && n <= 1 ? null : 'must be between 0 and 1');

/** Every option of a run (the mapped type makes an option without a declaration a type error). */
export const GENERATE_OPTIONS = {
  structures: { identity: 'inputs' },
  ligand: { flag: 'ligand', identity: 'options' },
  ligandsFile: { flag: 'ligands', identity: 'inputs' },
  pocketRadius: {
    flag: 'pocket-radius',
    default: DEFAULT_POCKET_RADIUS,
    check: (r) => (r > 0 ? null : 'must be a positive number of angstrom'),
    identity: 'options',
  },
  pocketHydrogens: { flag: 'pocket-hydrogens', default: DEFAULT_POCKET_HYDROGENS, identity: 'options' },
  // Set by --relax, --dist-slop, --angle-slop and --waters (pipeline/ingest-options.ts).
  hbonds: {
    default: { ...DEFAULT_TOLERANCES, waters: false },
    check: (h) => ((h.distSlop ?? 0) >= 0 && (h.angleSlop ?? 0) >= 0 ? null : 'slops must be numbers >= 0'),
    identity: 'options',
  },
  out: { flag: 'out', default: 'out', identity: null },
  tasks: { flag: 'tasks', identity: 'options' },
  seed: { flag: 'seed', default: DEFAULT_SEED, check: (n) => (Number.isInteger(n) ? null : 'must be a whole number'), identity: 'seed' },
  limit: { flag: 'limit', check: (n) => (Number.isInteger(n) && n > 0 ? null : 'must be a positive whole number'), identity: 'options' },
  perComplex: { flag: 'per-complex', identity: 'options' },
  testShare: { flag: 'test-share', default: DEFAULT_TEST_SHARE, check: fraction, identity: 'options' },
  splitBy: { flag: 'split-by', default: 'complex', identity: 'options' },
  clusterThreshold: {
    // The flag takes a percentage too; the command turns it into this fraction (thresholdFraction).
    flag: 'cluster-threshold',
    default: DEFAULT_CLUSTER_THRESHOLD,
    check: (t) => (t > 0 && t <= 1 ? null : 'must be a fraction in (0, 1]'),
    identity: 'options',
  },
  clusterEngine: { flag: 'cluster-engine', default: 'exact', identity: 'options' },
  maxExcluded: { flag: 'max-excluded', default: DEFAULT_MAX_EXCLUDED, check: fraction, identity: 'options' },
  buffer: { flag: 'buffer', default: 'none', identity: 'options' },
  allowShort: { flag: 'allow-short', default: false, identity: null },
  splitDate: { flag: 'split-date', identity: 'options' },
  indexYears: { identity: null },
  pages: { flag: 'workers', check: (n) => (Number.isInteger(n) && n > 0 ? null : 'must be a positive whole number'), identity: null },
  // The library reads in its own thread unless asked; the flag's default (one per core) is the
  // one every reading command shares (pipeline/read-pool/read-threads-option.ts).
  readThreads: { flag: 'read-threads', default: 1, check: wholeAtLeast(1), identity: null },
  antialias: { flag: 'antialias', default: DEFAULT_ANTIALIAS, identity: 'options' },
  annotations: { flag: 'annotations', default: DEFAULT_ANNOTATION_LAYOUT, identity: 'options' },
  pngCompression: { flag: 'png-compression', default: DEFAULT_PNG_COMPRESSION, identity: 'options' },
  shard: { flag: 'shard', identity: 'inputs' },
  // `--size N` sets size, `--size TASK=N` sizes (image-sizes.ts); likewise the label flags.
  size: { flag: 'size', identity: 'options' },
  sizes: { flag: 'size', identity: 'options' },
  labelFontSize: {
    flag: 'label-font-size',
    default: DEFAULT_STYLE.labels.fontSize,
    check: (n) => (n >= 4 && n <= 96 ? null : 'must be from 4 to 96 pixels'),
    identity: 'options',
  },
  labelLayout: { flag: 'label-layout', identity: 'options' },
  labelLayouts: { flag: 'label-layout', identity: 'options' },
  labels: { flag: 'labels', identity: 'options' },
  labelSets: { flag: 'labels', identity: 'options' },
  // One flag per task option (--residue-framing, --negatives...: TaskModule.options).
  taskOptions: { identity: 'options' },
  residueFraming: { identity: 'options' },
  construction: { flag: 'paper', identity: 'options' },
  log: { identity: null },
  onInterrupt: { identity: null },
  quiet: { identity: null },
} as const satisfies { [K in keyof GenerateOptions]-?: OptionDeclaration<NonNullable<GenerateOptions[K]>> };

type Key = keyof GenerateOptions;
/** The options that always have a value once resolved: those whose declaration in GENERATE_OPTIONS has a default. */
export type DefaultedKey = {
  [K in Key]-?: 'default' extends keyof (typeof GENERATE_OPTIONS)[K] ? K : never;
}[Key];

/** The options of a run with every default filled in and the question counts read: what
 * the library's stages read (resolveGenerateOptions). */
export type RunConfig = Omit<GenerateOptions, 'perComplex' | DefaultedKey> & {
  [K in DefaultedKey]-?: NonNullable<GenerateOptions[K]>;
} & {
  /** Questions per complex and split of every task of the run. */
  perComplex: Record<string, PerSplitCount>;
};

/** An option's name as its caller knows it: the flag (`--seed`), else the library's key. */
export function optionName(key: Key): string {
  const flag = (GENERATE_OPTIONS[key] as OptionDeclaration<unknown>).flag;
  return flag ? `--${flag}` : key;
}

/** Options resolveGenerateOptions made (the command resolves them to check them before the
 * run starts; generate() then takes them as they are). */
const resolved = new WeakSet<object>();

/**
 * The run's options with their defaults, checked: a value its declaration refuses is a usage
 * error naming the option (UsageError, exit 2). The paper's construction, when asked for, sets
 * its options first (paper-construction.ts); question counts given as text are read here, and
 * a val count without `buffer: 'val'` is refused.
 */
export function resolveGenerateOptions(given: GenerateOptions | RunConfig): RunConfig {
  if (resolved.has(given)) return given as RunConfig;
  const o = withConstruction(given as GenerateOptions);
  const out: Record<string, unknown> = { ...o };
  for (const [key, d] of Object.entries(GENERATE_OPTIONS) as [Key, OptionDeclaration<unknown>][]) {
    if (out[key] === undefined && d.default !== undefined) out[key] = d.default;
    const value = out[key];
    const problem = value === undefined || !d.check ? null : d.check(value);
    if (problem) throw new UsageError(`${optionName(key)} ${problem}`);
  }
  // Each task option given (the 0.1 key residueFraming too) must be one of its task's choices.
  const known = [...allTasks(), ...o.tasks];
  const chosen = { ...(o.residueFraming === undefined ? {} : { residueFraming: o.residueFraming }), ...o.taskOptions };
  for (const [key, value] of Object.entries(chosen)) {
    const problem = taskOptionValueProblem(key, value, known);
    if (problem) throw new UsageError(problem);
  }
  const counts = typeof o.perComplex === 'object' ? perComplexOf(o.perComplex, o.tasks) : parseCounts(o.perComplex, o.tasks);
  const withVal = Object.keys(counts).filter((id) => counts[id].val !== undefined);
  if (withVal.length && out.buffer !== VAL)
    throw new UsageError(`--per-complex: a third number (val) for ${withVal.join(', ')} needs --buffer val, which makes the val split`);
  out.perComplex = counts;
  resolved.add(out);
  return out as RunConfig;
}

/** Counts given by task id over the tasks' defaults; a task not run is a usage error. */
function perComplexOf(given: Readonly<Record<string, PerSplitCount>>, tasks: readonly TaskModule[]): Record<string, PerSplitCount> {
  const counts = parseCounts(undefined, tasks);
  for (const [id, c] of Object.entries(given)) {
    if (!counts[id]) throw new UsageError(`--per-complex: '${id}' is not one of the chosen tasks (${Object.keys(counts).join(', ')})`);
    counts[id] = { ...c };
  }
  return counts;
}
