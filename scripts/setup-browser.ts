// Kept for the old spelling `node --import tsx scripts/setup-browser.ts [--dry-run]
// [--ignore-found]`: the same as `misi-gen setup-browser` (renders/setup-browser.ts).
import { main } from '../pipeline/cli.ts';

process.exitCode = await main(['setup-browser', ...process.argv.slice(2)]);
