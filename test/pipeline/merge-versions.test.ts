// merge refuses shards made under versions other than this checkout's (pipeline/dataset/
// versions.ts), naming the version, and writes nothing then; shards of this checkout merge,
// and their manifest names the versions the shards were made under. Real shards of the
// bundled sample (generate --shard i/2, one task), the CLI run from the source.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBrowser } from '../../renders/find-browser.ts';
import { RENDERER_VERSION } from '../../renders/scene-key.ts';
import { SOURCE_CLI } from '../spawn-cli.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-merge-versions-'));
const shards = [0, 1].map((i) => join(root, `shard-${i}`));
const cli = (args: string[]) => spawnSync(process.execPath, [...SOURCE_CLI, ...args], { encoding: 'utf8', cwd: root });
const OTHER_RENDERER = 'misi-render-7+3dmol-2.5.5';

/** Copies of the shards with their run identity edited, as another misi-gen would have written it. */
function edited(name: string, change: (dataset: Record<string, any>) => void): string[] {
  return shards.map((dir, i) => {
    const copy = join(root, name, String(i));
    cpSync(dir, copy, { recursive: true });
    const file = join(copy, 'parts', 'run.json');
    const identity = JSON.parse(readFileSync(file, 'utf8'));
    change(identity.dataset);
    writeFileSync(file, JSON.stringify(identity, null, 2) + '\n');
    return copy;
  });
}

before(() => {
  if (noBrowser) return;
  for (const [i, dir] of shards.entries()) {
    const r = cli(['generate', '--out', dir, '--tasks', 'translation', '--per-complex', 'translation=1/1', '--test-share', '0.5', '--workers', '1', '--shard', `${i}/2`]);
    assert.equal(r.status, 0, r.stderr);
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

test('shards of this checkout merge; the manifest names their versions', { skip: noBrowser }, () => {
  const out = join(root, 'merged');
  const r = cli(['merge', ...shards, '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  const identity = JSON.parse(readFileSync(join(shards[0], 'parts', 'run.json'), 'utf8')).dataset;
  assert.equal(manifest.versions.renderer, RENDERER_VERSION);
  assert.deepEqual(manifest.versions.templates, identity.templates);
  assert.equal(manifest.versions.browser, identity.browser);
});

test('shards whose identity names another renderer: exit non-zero, the version named, nothing merged', { skip: noBrowser }, () => {
  const out = join(root, 'merged-renderer');
  const r = cli(['merge', ...edited('renderer', (d) => { d.renderer = OTHER_RENDERER; }), '--out', out]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, new RegExp(`made under renderer version ${OTHER_RENDERER.replace(/[+.]/g, '\\$&')}, this misi-gen uses ${RENDERER_VERSION.replace(/[+.]/g, '\\$&')} \\(versions\\.renderer\\)`));
  assert.ok(!existsSync(join(out, 'manifest.json')));
});

test('shards made under another template version of a task: refused naming the task', { skip: noBrowser }, () => {
  const r = cli(['merge', ...edited('templates', (d) => { d.templates.translation += 1; }), '--out', join(root, 'merged-templates')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /made under template version \d+ of translation, this misi-gen uses \d+ \(versions\.templates\.translation\)/);
});

test('shards made by different browser builds: refused naming the browser build', { skip: noBrowser }, () => {
  const [a] = edited('browser', (d) => { d.browser = 'Chromium 1.0.0.0 built elsewhere'; });
  const r = cli(['merge', a, shards[1], '--out', join(root, 'merged-browser')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /the browser build differs: "Chromium 1\.0\.0\.0 built elsewhere" in \S+, "Chromium [^"]+" in \S+shard-1/);
});
