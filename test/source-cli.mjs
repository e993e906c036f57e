// The misi-gen command run from the TypeScript source (tsx registered here), for tests that
// spawn the CLI: `node test/source-cli.mjs <args>` runs the code as it is now, whether or
// not dist/ was rebuilt (pipeline/bin/misi-gen.js runs dist/).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../pipeline/cli.ts');
process.exitCode = await main(process.argv.slice(2));
