#!/usr/bin/env node
// The `misi-gen` command: runs the compiled CLI in dist/ (`npm run build`; `npm ci` and
// `npm test` build it in a clone, and the package ships it built).
const cli = new URL('../../dist/pipeline/cli.js', import.meta.url);
let main;
try {
  ({ main } = await import(cli.href));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(cli.pathname)) throw error;
  process.stderr.write(`misi-gen: ${cli.pathname} is missing; in a clone, run \`npm run build\` (npm ci does it).\n`);
  process.exit(1);
}
process.exitCode = await main(process.argv.slice(2));
