// `npm test`: builds dist/ (scripts/build.js), so tests that spawn the `misi-gen` bin run the
// current code, then runs every test/**/*.test.ts with node's test runner (through tsx).
// Node 20's runner cannot expand globs itself. Arguments narrow the set: `npm test -- test/renders`.
import fg from 'fast-glob';
import { spawnSync } from 'node:child_process';

const filters = process.argv.slice(2);
const files = (await fg('test/**/*.test.ts', { onlyFiles: true })).sort()
  .filter((f) => filters.length === 0 || filters.some((x) => f.startsWith(x.replace(/^\.\//, '')) || f.includes(x)));
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ') || 'test/**/*.test.ts'}`);
  process.exit(1);
}
const built = spawnSync(process.execPath, [new URL('./build.js', import.meta.url).pathname], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
