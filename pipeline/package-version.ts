// The package's version, from its own package.json found by the package's name (package.json
// `exports` lists it): the same from the sources and from dist/, in a clone and installed.
import { createRequire } from 'node:module';

export const PACKAGE_VERSION: string = createRequire(import.meta.url)('misi-gen/package.json').version;
