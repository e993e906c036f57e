// The identity of a run in an output folder (`parts/run.json`): every option that changes
// what is written. A run started on a folder that holds one continues it only when every
// such option is the same; otherwise it stops with a message naming the option. Options
// that change only speed (--workers) are not part of it.

import { existsSync, readFileSync } from 'node:fs';
import { conforms, z } from '../../qa/record-problems.ts';
import { fileErrorText } from '../../structures/file-error.ts';
import { KnownError } from '../../structures/known-error.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { ManifestOptionsSchema } from '../dataset/manifest-type.ts';
import { VersionsSchema } from '../dataset/versions.ts';
import { writeJsonFile } from './write-text.ts';

const FORMAT = 'misi-gen-run/1';

/** The manifest's options object plus seed and the versions (pipeline/dataset/versions.ts):
 * renderer, H-bond rules, browser build, font and each task's template. */
export const RunDatasetSchema = ManifestOptionsSchema.extend({ seed: z.number() })
  .extend(VersionsSchema.omit({ misiGen: true }).shape)
  .describe("The manifest's options plus seed and the versions (all but misi-gen's own)");

/** Where the inputs were read from and which slice: checked on resume, not on merge. */
export const RunInputsSchema = z
  .object({
    structures: z.array(z.string()),
    ligands: z.string().nullable(),
    shard: z.string().nullable().describe('`I/N` of a sharded run; null otherwise'),
  })
  .describe('Where the inputs were read from and which slice: checked on resume, not on merge');

/** parts/run.json as a run writes it. */
export const RunFileSchema = z
  .object({ format: z.literal(FORMAT), dataset: RunDatasetSchema, inputs: RunInputsSchema })
  .describe('parts/run.json: the identity of a run in an output folder');

/**
 * A run's identity as read and compared: a run started by an older misi-gen may lack any
 * option or version (the comparison then names it as not set); what is there has its type.
 */
export const RunIdentitySchema = z.object({ dataset: RunDatasetSchema.partial(), inputs: RunInputsSchema.partial() });
export type RunIdentity = z.infer<typeof RunIdentitySchema>;

/** A changed option on resume (or between shards on merge): the message names it. */
export class RunMismatchError extends KnownError {}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** How an option is named to the user: its command-line flag where there is one. */
function optionName(path: string[]): string {
  const leaf = path[path.length - 1];
  if (path[0] === 'templates')
    return path.length > 1 ? `the template version of task ${leaf} (versions.templates)` : 'the template versions (versions.templates)';
  if (leaf === 'renderer') return 'the renderer version';
  if (leaf === 'hbondRules') return 'the H-bond rules version (versions.hbondRules)';
  if (leaf === 'browser') return 'the browser build';
  if (leaf === 'font') return 'the label font';
  if (leaf === 'misiGen') return 'the misi-gen version';
  if (leaf === 'format') return 'the run format';
  return `--${kebab(leaf)}`;
}

const show = (v: unknown) => (v === undefined ? '(not set)' : JSON.stringify(v));

/** A leaf that differs between two identity objects: its path, the value before and now. */
export type Difference = [string[], unknown, unknown];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every difference between two identity objects (down to three levels), in key order. */
export function allDifferences(before: unknown, now: unknown, path: string[] = []): Difference[] {
  if (isObject(before) && isObject(now) && path.length < 3) {
    return [...new Set([...Object.keys(before), ...Object.keys(now)])]
      .sort()
      .flatMap((k) => allDifferences(before[k], now[k], [...path, k]));
  }
  return JSON.stringify(before) === JSON.stringify(now) ? [] : [[path, before, now]];
}

/** The first difference between two identity objects, or null. */
export function firstDifference(before: unknown, now: unknown, path: string[] = []): Difference | null {
  return allDifferences(before, now, path)[0] ?? null;
}

export function describeDifference(d: Difference, before: string, now: string): string {
  return `${optionName(d[0])} differs: ${show(d[1])} in ${before}, ${show(d[2])} ${now}`;
}

/** `512, pocket_ligand=1024`: image sizes per task as --size takes them (the commonest first). */
function sizesText(sizes: Record<string, unknown>): string {
  const tally = new Map<unknown, number>();
  for (const n of Object.values(sizes)) tally.set(n, (tally.get(n) ?? 0) + 1);
  if (tally.size === 0) return '(none)';
  const common = [...tally].sort((a, b) => b[1] - a[1])[0][0];
  return [
    String(common),
    ...Object.entries(sizes)
      .filter(([, n]) => n !== common)
      .map(([t, n]) => `${t}=${n}`),
  ].join(', ');
}

/** The options a run sets per task: the key of the per-task values, the key of the one value of all (when there is one), and the flag. */
interface PerTaskOption {
  perTask: string;
  all: string | null;
  flag: string;
}
const PER_TASK_OPTIONS: readonly PerTaskOption[] = [
  { perTask: 'imageSizes', all: 'size', flag: '--size' },
  { perTask: 'labelLayouts', all: 'labelLayout', flag: '--label-layout' },
  { perTask: 'labels', all: null, flag: '--labels' },
];
const PER_TASK_BY_KEY = new Map<string, PerTaskOption>(
  PER_TASK_OPTIONS.flatMap((o): [string, PerTaskOption][] =>
    o.all
      ? [
          [o.perTask, o],
          [o.all, o],
        ]
      : [[o.perTask, o]],
  ),
);

const tasksText = (tasks: unknown) => (Array.isArray(tasks) ? tasks.join(',') : show(tasks));

/**
 * Every difference between two runs' identities (the `dataset` objects, with `inputs`
 * spread in when a resume compares them), one phrase each naming the option with both
 * values: `--tasks differs: translation,rotation in that run, rotation now`. The phrases come
 * from `allDifferences`, the comparison that decides whether the runs are the same: empty
 * when they are. `--tasks` comes first; a task's image size, question counts or template
 * version that differ only because the task is in one of the runs are said by `--tasks`
 * alone; the image sizes are said once, as `--size` with the sizes of the tasks both runs
 * hold (the label layouts and sets likewise, as `--label-layout` and `--labels`), and the
 * counts as `--per-complex` with theirs.
 */
export function identityDifferences(
  before: Record<string, unknown>,
  now: Record<string, unknown>,
  beforeName: string,
  nowName: string,
): string[] {
  const list = allDifferences(before, now);
  if (list.length === 0) return [];
  const tasksOf = (o: Record<string, unknown>) => (Array.isArray(o.tasks) ? (o.tasks as string[]) : null);
  const [tb, tn] = [tasksOf(before), tasksOf(now)];
  const inBoth = (task: string) => !tb || !tn || (tb.includes(task) && tn.includes(task));
  const phrases: string[] = [];
  const said = new Set<string>();
  for (const d of list) {
    const [path, b, n] = d;
    if (path.length === 1 && path[0] === 'tasks') {
      phrases.unshift(`--tasks differs: ${tasksText(b)} in ${beforeName}, ${tasksText(n)} ${nowName}`);
    } else if (path.length === 1 && path[0] === 'perComplex' && typeof b === 'string' && typeof n === 'string') {
      // `translation=4/2,rotation=6/3`: the counts of the tasks both runs hold.
      const shared = (text: string) =>
        text
          .split(',')
          .filter((e) => inBoth(e.split('=')[0]))
          .join(',');
      if (shared(b) !== shared(n)) phrases.push(`--per-complex differs: ${shared(b)} in ${beforeName}, ${shared(n)} ${nowName}`);
    } else if (PER_TASK_BY_KEY.has(String(path[0]))) {
      // An option set per task (sizes, label layouts, label sets): said once, with the
      // values of the tasks both runs hold, as its flag.
      const option = PER_TASK_BY_KEY.get(String(path[0]))!;
      if (said.has(option.flag)) continue;
      const shared = (o: Record<string, unknown>) => {
        const values = o[option.perTask];
        return isObject(values) ? Object.fromEntries(Object.entries(values).filter(([t]) => inBoth(t))) : null;
      };
      const [sb, sn] = [shared(before), shared(now)];
      if (sb && sn) {
        if (JSON.stringify(sb) === JSON.stringify(sn)) continue; // only tasks in one run differ: --tasks says it
        phrases.push(`${option.flag} differs: ${sizesText(sb)} in ${beforeName}, ${sizesText(sn)} ${nowName}`);
      } else phrases.push(describeDifference(d, beforeName, nowName));
      said.add(option.flag);
    } else if (path[0] === 'templates' && path.length > 1 && !inBoth(path[1])) {
    } else {
      phrases.push(describeDifference(d, beforeName, nowName));
    }
  }
  // Never an empty answer where the runs differ.
  return phrases.length ? phrases : [describeDifference(list[0], beforeName, nowName)];
}

export function readIdentity(outDir: string): RunIdentity | null {
  const path = datasetPaths(outDir).identity;
  if (!existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new RunMismatchError(`${path}: cannot be read (${fileErrorText(e)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // Reported: the file, not JSON, and what to do.
    throw new RunMismatchError(`${path}: not JSON (cut off as it was written? remove the folder or choose another --out)`);
  }
  const format = isObject(data) ? data.format : undefined;
  if (format !== FORMAT) throw new RunMismatchError(`${path}: unknown run format '${format}' (expected ${FORMAT})`);
  const problems: string[] = [];
  if (!conforms(RunIdentitySchema, data, problems)) throw new RunMismatchError(`${path}: ${problems.join('; ')}`);
  return { dataset: data.dataset, inputs: data.inputs };
}

/**
 * Records the identity of a new run, or checks it against the partial run found in the
 * folder. Returns true when the folder holds an earlier run of the same identity.
 */
export async function claimFolder(outDir: string, identity: RunIdentity): Promise<boolean> {
  const prior = readIdentity(outDir);
  if (prior) {
    const differences = identityDifferences(
      { ...prior.inputs, ...prior.dataset },
      { ...identity.inputs, ...identity.dataset },
      'that run',
      'now',
    );
    if (differences.length) {
      throw new RunMismatchError(
        `${outDir} holds a run with other options: ${differences.join('; ')}; rerun with the same options to resume it, or choose another --out`,
      );
    }
    return true;
  }
  await writeJsonFile(datasetPaths(outDir).identity, { format: FORMAT, ...identity });
  return false;
}
