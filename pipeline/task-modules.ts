// `--task-module PATH`: a task written outside the package (an ES module exporting one or
// more TaskModule objects, named or default), loaded and added to the registry
// (qa/task-registry.ts) before a command runs, so generate, score, eval, stats, preview and
// export all know it. A path that cannot be loaded or exports no task is a usage error.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TaskModule } from '../qa/task.ts';
import { registerTask, TaskDefinitionError, taskProblem } from '../qa/task-registry.ts';
import { UsageError } from './usage-error.ts';

export const TASK_MODULE_FLAG = 'task-module';

/** The values of every `--task-module X` and `--task-module=X` on the line. */
export function taskModulePaths(argv: readonly string[]): string[] {
  const paths: string[] = [];
  argv.forEach((word, i) => {
    if (word === `--${TASK_MODULE_FLAG}` && argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) paths.push(argv[i + 1]);
    else if (word.startsWith(`--${TASK_MODULE_FLAG}=`)) paths.push(word.slice(TASK_MODULE_FLAG.length + 3));
  });
  return paths;
}

/** Loads each module and registers every task it exports; returns them in that order. */
export async function loadTaskModules(paths: readonly string[]): Promise<TaskModule[]> {
  const loaded: TaskModule[] = [];
  for (const path of paths) {
    const file = resolve(path);
    if (!existsSync(file)) throw new UsageError(`--${TASK_MODULE_FLAG} ${path}: no such file`);
    let exports: Record<string, unknown>;
    try {
      exports = await import(pathToFileURL(file).href);
    } catch (e) {
      throw new UsageError(`--${TASK_MODULE_FLAG} ${path}: cannot be loaded (${(e as Error).message.split('\n')[0]})`);
    }
    // Objects that mean to be tasks (an id and a plan); each must then be a whole one.
    const candidates = Object.values(exports).filter((v) => v && typeof v === 'object' && 'id' in v && 'plan' in v);
    if (!candidates.length)
      throw new UsageError(
        `--${TASK_MODULE_FLAG} ${path}: exports no task (an object with id, format, imageCount, defaultCounts, template and plan)`,
      );
    for (const c of new Set(candidates)) {
      const problem = taskProblem(c);
      if (problem) throw new UsageError(`--${TASK_MODULE_FLAG} ${path}: ${problem}`);
      try {
        registerTask(c as TaskModule);
      } catch (e) {
        if (e instanceof TaskDefinitionError) throw new UsageError(`--${TASK_MODULE_FLAG} ${path}: ${e.message}`);
        throw e;
      }
      loaded.push(c as TaskModule);
    }
  }
  return loaded;
}
