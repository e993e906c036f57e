// The identity of a run in an output folder (`parts/run.json`): every option that changes
// what is written. A run started on a folder that holds one continues it only when every
// such option is the same; otherwise it stops with a message naming the option. Options
// that change only speed (--workers) are not part of it.
import { existsSync, readFileSync } from 'node:fs';
import { datasetPaths } from '../dataset/layout.ts';
import { writeJsonFile } from './write-text.ts';

const FORMAT = 'misi-gen-run/1';

export interface RunIdentity {
  /** The manifest's options object plus seed and the versions (pipeline/dataset/versions.ts):
   * renderer, H-bond rules, browser build, font and each task's template. */
  dataset: Record<string, unknown>;
  /** Where the inputs were read from and which slice: checked on resume, not on merge. */
  inputs: Record<string, unknown>;
}

/** A changed option on resume (or between shards on merge): the message names it. */
export class RunMismatchError extends Error {}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** How an option is named to the user: its command-line flag where there is one. */
function optionName(path: string[]): string {
  const leaf = path[path.length - 1];
  if (path[0] === 'templates') return path.length > 1 ? `the template version of task ${leaf} (versions.templates)` : 'the template versions (versions.templates)';
  if (leaf === 'renderer') return 'the renderer version';
  if (leaf === 'hbondRules') return 'the H-bond rules version (versions.hbondRules)';
  if (leaf === 'browser') return 'the browser build';
  if (leaf === 'font') return 'the label font';
  if (leaf === 'misiGen') return 'the misi-gen version';
  if (leaf === 'format') return 'the run format';
  return `--${kebab(leaf)}`;
}

const show = (v: unknown) => (v === undefined ? '(not set)' : JSON.stringify(v));

/** The first difference between two identity objects, as [path, before, now], or null. */
export function firstDifference(before: unknown, now: unknown, path: string[] = []): [string[], unknown, unknown] | null {
  const isObj = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(before) && isObj(now) && path.length < 3) {
    const b = before as Record<string, unknown>;
    const n = now as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(b), ...Object.keys(n)])].sort()) {
      const d = firstDifference(b[k], n[k], [...path, k]);
      if (d) return d;
    }
    return null;
  }
  return JSON.stringify(before) === JSON.stringify(now) ? null : [path, before, now];
}

export function describeDifference(d: [string[], unknown, unknown], before: string, now: string): string {
  return `${optionName(d[0])} differs: ${show(d[1])} in ${before}, ${show(d[2])} ${now}`;
}

export function readIdentity(outDir: string): RunIdentity | null {
  const path = datasetPaths(outDir).identity;
  if (!existsSync(path)) return null;
  const data = JSON.parse(readFileSync(path, 'utf8'));
  if (data.format !== FORMAT) throw new RunMismatchError(`${path}: unknown run format '${data.format}' (expected ${FORMAT})`);
  return { dataset: data.dataset, inputs: data.inputs };
}

/**
 * Records the identity of a new run, or checks it against the partial run found in the
 * folder. Returns true when the folder holds an earlier run of the same identity.
 */
export async function claimFolder(outDir: string, identity: RunIdentity): Promise<boolean> {
  const prior = readIdentity(outDir);
  if (prior) {
    const d = firstDifference({ dataset: prior.dataset, inputs: prior.inputs }, { dataset: identity.dataset, inputs: identity.inputs });
    if (d) {
      throw new RunMismatchError(`${outDir} holds a run with other options: ${describeDifference([d[0].slice(1), d[1], d[2]], 'that run', 'now')}; rerun with the same options to resume it, or choose another --out`);
    }
    return true;
  }
  await writeJsonFile(datasetPaths(outDir).identity, { format: FORMAT, ...identity });
  return false;
}
