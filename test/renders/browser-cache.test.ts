// Where `misi-gen setup-browser` keeps a downloaded browser: $XDG_CACHE_HOME/misi-gen, else
// ~/.cache/misi-gen (a relative XDG_CACHE_HOME is ignored, as the XDG spec says); never inside
// the package, which a global install may not let its user write. And the command itself,
// in a dry run, names the browser this machine has (skipped when it has none).

import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { browserCacheDir, findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

test('the browser cache follows XDG_CACHE_HOME', async () => {
  assert.equal(browserCacheDir({ XDG_CACHE_HOME: '/var/cache/someone' }), '/var/cache/someone/misi-gen');
  assert.equal(browserCacheDir({ XDG_CACHE_HOME: 'relative/cache' }), join(homedir(), '.cache', 'misi-gen'));
  assert.equal(browserCacheDir({}), join(homedir(), '.cache', 'misi-gen'));
});

test('misi-gen setup-browser --dry-run names the browser it finds', {
  skip: findBrowser() ? false : 'no browser on this machine',
}, async () => {
  const r = await inProcess(['setup-browser', '--dry-run']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`setup-browser: using ${findBrowser()!.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(found via`));
});
