// The package's version and folder, from its own package.json found by the package's name
// (package.json `exports` lists it): the same from the sources and from dist/, in a clone and
// installed.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const manifestPath = createRequire(import.meta.url).resolve('misi-gen/package.json');

export const PACKAGE_VERSION: string = createRequire(import.meta.url)('misi-gen/package.json').version;

/** The package's root folder (a clone or node_modules/misi-gen). */
export const PACKAGE_ROOT = dirname(manifestPath);

/** The `misi-gen` command's script, for a process that must run misi-gen itself. */
export const BIN_SCRIPT = join(PACKAGE_ROOT, 'pipeline', 'bin', 'misi-gen.js');
