// Makes `npx misi-gen` work right after `npm ci` in a checkout: npm links the bins of
// dependencies into node_modules/.bin, but not the project's own, so this links it.
import { chmodSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, 'node_modules', '.bin');
const target = join(root, 'pipeline', 'bin', 'misi-gen.js');
mkdirSync(binDir, { recursive: true });
rmSync(join(binDir, 'misi-gen'), { force: true });
symlinkSync('../../pipeline/bin/misi-gen.js', join(binDir, 'misi-gen'));
chmodSync(target, 0o755);
