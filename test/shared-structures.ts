// Where the real structures live for tests: the bundled sample (always there) and
// ../shared/structures (only on machines that have it; tests using it skip otherwise).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const SAMPLE = resolve(REPO, 'structures/sample');
export const SHARED = resolve(REPO, '../shared/structures');
export const HAVE_SHARED = existsSync(resolve(SHARED, 'pdbbind'));
/** Pass as the `skip` option of a test that needs ../shared/structures. */
export const NEEDS_SHARED: string | false = HAVE_SHARED ? false : '../shared/structures is not present';
