#!/usr/bin/env node
// The `misi-gen` command. The project is TypeScript run through tsx, so there is no build
// step to remember: `npm ci` then `npx misi-gen --help` works.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli.ts');
process.exitCode = await main(process.argv.slice(2));
