// The structure paths a command is given, checked before anything starts (no browser, no
// output folder): a path that does not exist, a folder with no structure file anywhere
// under it, or a file whose name is not a structure file's, is a usage error naming the
// path. A folder whose files fit no layout is not: those files become reject lines with
// their reasons, as every other bad input does.

import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import type { Argv } from 'yargs';
import { STRUCTURE_FILES_GLOB } from '../structures/discover.ts';
import { UsageError } from './usage-error.ts';

/** Does the folder hold at least one file discovery would look at? Stops at the first. */
async function holdsStructureFile(dir: string): Promise<boolean> {
  const stream = fg.stream(STRUCTURE_FILES_GLOB, { cwd: dir, followSymbolicLinks: true, suppressErrors: true });
  for await (const _ of stream) {
    (stream as unknown as { destroy(): void }).destroy();
    return true;
  }
  return false;
}

/** The file name endings discovery reads (`pdb`, `cif`, ...), from its glob's `{a,b,...}`. */
const STRUCTURE_ENDINGS = (/\{([^}]+)\}$/.exec(STRUCTURE_FILES_GLOB)?.[1] ?? '').split(',').map((e) => `.${e.toLowerCase()}`);
const ENDINGS_TEXT = [...new Set(STRUCTURE_ENDINGS)].join(', ');

/** What is wrong with one input path, in words, or null. */
export async function inputPathProblem(path: string): Promise<string | null> {
  const st = await stat(resolve(path)).catch((e: NodeJS.ErrnoException) => e);
  if (st instanceof Error)
    return (st as NodeJS.ErrnoException).code === 'ENOENT'
      ? `'${path}' does not exist`
      : `cannot read '${path}' (${(st as NodeJS.ErrnoException).code ?? st.message})`;
  if (st.isDirectory() && !(await holdsStructureFile(path))) return `'${path}' holds no structure file (${ENDINGS_TEXT}) at any depth`;
  if (st.isFile() && !STRUCTURE_ENDINGS.some((e) => path.toLowerCase().endsWith(e)))
    return `'${path}' is not a structure file (${ENDINGS_TEXT})`;
  return null;
}

/** Throws a UsageError (exit 2) naming every bad path; call before starting any work. */
export async function checkInputPaths(paths: readonly string[]): Promise<void> {
  const problems: string[] = [];
  for (const p of paths) {
    const why = await inputPathProblem(p);
    if (why) problems.push(why);
  }
  if (problems.length) throw new UsageError(`input ${problems.length === 1 ? 'path' : 'paths'}: ${problems.join('; ')}`);
}

/** Paths given as positional arguments and with --structures, in that order, duplicates once. */
export function structurePaths(positional: readonly string[] | undefined, flag: readonly string[] | undefined): string[] {
  // An absent variadic positional can arrive as [undefined] (its help default is text).
  return [...new Set([...(positional ?? []), ...(flag ?? [])].filter((p) => p !== undefined && p !== null && p !== '').map(String))];
}

/** The inputs of the commands that read structures (generate, split): positional paths or
 * `--structures`, the bundled sample when neither is given (structurePaths joins them). */
export function structurePathFlags<T>(y: Argv<T>) {
  return y
    .positional('paths', {
      type: 'string',
      array: true,
      default: undefined,
      defaultDescription: 'the bundled sample',
      describe: 'files or folders to read, as --structures',
    })
    .option('structures', {
      type: 'string',
      array: true,
      defaultDescription: 'the bundled sample',
      describe: 'files or folders to read, as the positional paths',
    });
}
