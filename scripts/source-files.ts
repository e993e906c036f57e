// The package's source files under a folder, for the checks that read every module
// (scripts/check-layers.ts, scripts/find-import-circles.ts, test/qa/split-names.test.ts).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** TypeScript and JavaScript modules (declaration files are not). */
export const SOURCE_FILE = /\.(ts|js|mjs|cjs)$/;

/**
 * Every file under `dir` whose name matches `pattern` (declaration files and node_modules
 * left out), sorted by name within each folder; a folder that does not exist holds none.
 */
export function sourceFiles(dir: string, pattern: RegExp = SOURCE_FILE): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path, pattern);
    return pattern.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
