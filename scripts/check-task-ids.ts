// Checks that no module of pipeline/ or renders/ knows a task by name (docs/design.md: a task
// owns all of its meaning, qa/task.ts): outside comments, no string literal is a task id
// ('residue_ligand', "zooming", `docking`) and no object key is one (`zooming: ...`). What a
// task means is read from the task (its answer kind, motion, named labels, baselines), so a
// task written outside the package gets what the nine get. Prints each use as file:line and
// exits 1 when there is one; test/check-task-ids.test.ts runs it. Tests are not checked.
//   node --import tsx scripts/check-task-ids.ts
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TASKS } from '../qa/tasks/index.ts';
import { sourceFiles } from './source-files.ts';

/** The folders that must not spell a task id. */
export const CHECKED = ['pipeline', 'renders'] as const;
/** Modules and pages. */
const FILES = /\.(ts|js|mjs|cjs|html)$/;

export interface TaskIdUse {
  file: string;
  line: number;
  id: string;
}

/** `text` with its comments blanked (line and block; the line breaks kept, so lines still count). */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[\s;{}(),])\/\/[^\n]*/g, (_, before: string) => before);
}

/** Each literal or object key of `text` that is one of `ids`, with its 1-based line. */
export function taskIdUses(text: string, ids: readonly string[]): { id: string; line: number }[] {
  const code = withoutComments(text);
  const alternatives = [...ids].sort((a, b) => b.length - a.length).join('|');
  const patterns = [
    new RegExp(String.raw`(['"\`])(${alternatives})\1`, 'g'),
    new RegExp(String.raw`(^\s*|[{,]\s*)(${alternatives})\s*:(?!:)`, 'gm'),
  ];
  const found: { id: string; line: number; at: number }[] = [];
  for (const p of patterns) {
    for (const m of code.matchAll(p)) {
      const at = m.index! + m[0].indexOf(m[2]);
      if (found.some((f) => f.at === at)) continue;
      found.push({ id: m[2], at, line: code.slice(0, at).split('\n').length });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ id, line }) => ({ id, line }));
}

/** Every use of a task id in the checked folders under `root`. */
export function taskIdViolations(root: string, ids: readonly string[] = TASKS.map((t) => t.id)): TaskIdUse[] {
  const out: TaskIdUse[] = [];
  for (const folder of CHECKED) {
    for (const path of sourceFiles(join(root, folder), FILES)) {
      for (const u of taskIdUses(readFileSync(path, 'utf8'), ids)) out.push({ file: relative(root, path), ...u });
    }
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const found = taskIdViolations(root);
  for (const v of found) console.log(`${v.file}:${v.line}: spells the task id '${v.id}' (read what it means from the task: qa/task.ts)`);
  if (found.length) process.exit(1);
  console.log(`check-task-ids: no task id in ${CHECKED.join('/, ')}/`);
}
