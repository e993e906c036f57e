// Checks that no module of pipeline/ or renders/ knows a task by name (docs/design.md: a task
// owns all of its meaning, qa/task.ts): outside comments, no string literal is a task id
// ('residue_ligand', "zooming", `docking`) and no object key is one (`zooming: ...`). What a
// task means is read from the task (its answer kind, motion, named labels, baselines), so a
// task written outside the package gets what the nine get. Nor does one import a task's own
// module (qa/tasks/<task>.ts): they reach the tasks through the registry (qa/task-registry.ts)
// or the list of the nine (qa/tasks/index.ts). Prints each use as file:line and exits 1 when
// there is one; test/check-task-ids.test.ts runs it. Tests are not checked.
//   node --import tsx scripts/check-task-ids.ts
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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

/** Each module `text` imports or re-exports (static `from '...'` or `import('...')`), with its 1-based line. */
export function importedModules(text: string): { module: string; line: number }[] {
  const code = withoutComments(text);
  const found: { module: string; line: number }[] = [];
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])([^'"\n]+)\1/gm)) {
    const at = m.index! + m[0].length - m[2].length - 1;
    found.push({ module: m[2], line: code.slice(0, at).split('\n').length });
  }
  return found;
}

export interface TaskModuleImport {
  file: string;
  line: number;
  /** As the import spells it (`../../qa/tasks/residue-ligand.ts`). */
  module: string;
}

/** Every import of one task's own module (qa/tasks/<task>, not qa/tasks/index.ts) in the checked folders under `root`. */
export function taskModuleImports(root: string): TaskModuleImport[] {
  const tasksDir = join(resolve(root), 'qa', 'tasks') + sep;
  const out: TaskModuleImport[] = [];
  for (const folder of CHECKED) {
    for (const path of sourceFiles(join(root, folder), FILES)) {
      for (const m of importedModules(readFileSync(path, 'utf8'))) {
        if (!m.module.startsWith('.')) continue;
        const target = resolve(dirname(path), m.module);
        if (!target.startsWith(tasksDir) || /^index(\.[cm]?[jt]s)?$/.test(target.slice(tasksDir.length))) continue;
        out.push({ file: relative(root, path), line: m.line, module: m.module });
      }
    }
  }
  return out;
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
  const imports = taskModuleImports(root);
  for (const v of imports)
    console.log(`${v.file}:${v.line}: imports one task's module '${v.module}' (ask the task through qa/task-registry.ts: qa/task.ts)`);
  if (found.length || imports.length) process.exit(1);
  console.log(`check-task-ids: no task id and no task's own module in ${CHECKED.join('/, ')}/`);
}
