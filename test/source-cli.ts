// The misi-gen command run from the TypeScript source (through tsx), for tests that spawn
// the CLI: they test the code as it is now, whether or not dist/ was rebuilt.
import { main } from '../pipeline/cli.ts';

process.exitCode = await main(process.argv.slice(2));
