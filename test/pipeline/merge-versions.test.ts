// merge refuses shards made under versions other than this checkout's (pipeline/dataset/
// versions.ts), naming the version, and writes nothing then; shards of this checkout merge,
// and their manifest names the versions the shards were made under. Every part records the
// versions of its run: a part made under another renderer or font is refused by merge (before
// anything is written) and one drawn by another browser build by a resume, each named; a
// resume of a run made under other H-bond rules is refused by its identity. Real shards of
// the bundled sample (generate --shard i/2, one task), the CLI run from the source.

import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { RENDERER_VERSION } from '../../renders/scene-key.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-merge-versions-'));
const shards = [0, 1].map((i) => join(root, `shard-${i}`));
const cli = (args: string[]) => inProcess(args, { cwd: root });
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

before(async () => {
  if (noBrowser) return;
  for (const [i, dir] of shards.entries()) {
    const r = await cli([
      'generate',
      '--out',
      dir,
      '--tasks',
      'translation',
      '--per-complex',
      'translation=1/1',
      '--test-share',
      '0.5',
      '--workers',
      '1',
      '--shard',
      `${i}/2`,
    ]);
    assert.equal(r.status, 0, r.stderr);
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

test('shards of this checkout merge; the manifest names their versions', { skip: noBrowser }, async () => {
  const out = join(root, 'merged');
  const r = await cli(['merge', ...shards, '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  const identity = JSON.parse(readFileSync(join(shards[0], 'parts', 'run.json'), 'utf8')).dataset;
  assert.equal(manifest.versions.renderer, RENDERER_VERSION);
  assert.deepEqual(manifest.versions.templates, identity.templates);
  assert.equal(manifest.versions.browser, identity.browser);
});

test('shards whose identity names another renderer: exit non-zero, the version named, nothing merged', { skip: noBrowser }, async () => {
  const out = join(root, 'merged-renderer');
  const r = await cli([
    'merge',
    ...edited('renderer', (d) => {
      d.renderer = OTHER_RENDERER;
    }),
    '--out',
    out,
  ]);
  assert.notEqual(r.status, 0);
  assert.match(
    r.stderr,
    new RegExp(
      `made under renderer version ${OTHER_RENDERER.replace(/[+.]/g, '\\$&')}, this misi-gen uses ${RENDERER_VERSION.replace(/[+.]/g, '\\$&')} \\(versions\\.renderer\\)`,
    ),
  );
  assert.ok(!existsSync(join(out, 'manifest.json')));
});

test('shards made under another template version of a task: refused naming the task', { skip: noBrowser }, async () => {
  const r = await cli([
    'merge',
    ...edited('templates', (d) => {
      d.templates.translation += 1;
    }),
    '--out',
    join(root, 'merged-templates'),
  ]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /made under template version \d+ of translation, this misi-gen uses \d+ \(versions\.templates\.translation\)/);
});

test('shards made by different browser builds: refused naming the browser build', { skip: noBrowser }, async () => {
  const [a] = edited('browser', (d) => {
    d.browser = 'Chromium 1.0.0.0 built elsewhere';
  });
  const r = await cli(['merge', a, shards[1], '--out', join(root, 'merged-browser')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /the browser build differs: "Chromium 1\.0\.0\.0 built elsewhere" in \S+, "Chromium [^"]+" in \S+shard-1/);
});

/** The part files of a shard folder (parts/done/). */
const partFiles = (dir: string) =>
  readdirSync(join(dir, 'parts', 'done'))
    .filter((n) => n.endsWith('.json'))
    .map((n) => join(dir, 'parts', 'done', n));

/** Copies of the shards with the versions of one part edited (the shards' identities unchanged), and that part's path. */
function editedPart(name: string, change: (versions: Record<string, any>) => void): { dirs: string[]; part: string } {
  const dirs = shards.map((dir, i) => {
    const copy = join(root, name, String(i));
    cpSync(dir, copy, { recursive: true });
    return copy;
  });
  const part = [...partFiles(dirs[0]), ...partFiles(dirs[1])][0];
  const data = JSON.parse(readFileSync(part, 'utf8'));
  change(data.versions);
  writeFileSync(part, JSON.stringify(data) + '\n');
  return { dirs, part };
}
const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('every part records the versions of the run that made it', { skip: noBrowser }, async () => {
  const identity = JSON.parse(readFileSync(join(shards[0], 'parts', 'run.json'), 'utf8')).dataset;
  const parts = [...partFiles(shards[0]), ...partFiles(shards[1])];
  assert.ok(parts.length > 0);
  for (const p of parts) {
    const v = JSON.parse(readFileSync(p, 'utf8')).versions;
    for (const key of ['renderer', 'hbondRules', 'browser', 'font', 'templates'])
      assert.deepEqual(v[key], identity[key], `${p}: versions.${key}`);
  }
});

test("merge: a part made under another renderer, its shard's identity unchanged: refused naming the part and the version", {
  skip: noBrowser,
}, async () => {
  const { dirs, part } = editedPart('part-renderer', (v) => {
    v.renderer = OTHER_RENDERER;
  });
  const out = join(root, 'merged-part-renderer');
  const r = await cli(['merge', ...dirs, '--out', out]);
  assert.notEqual(r.status, 0);
  assert.match(
    r.stderr,
    new RegExp(
      `${quoted(part)}: made under renderer version ${quoted(OTHER_RENDERER)}, this misi-gen uses ${quoted(RENDERER_VERSION)} \\(versions\\.renderer\\)`,
    ),
  );
  assert.ok(!existsSync(out), 'nothing written');
});

test('merge: a part drawn with another label font: refused naming the font', { skip: noBrowser }, async () => {
  const { dirs, part } = editedPart('part-font', (v) => {
    v.font = 'OtherSans.ttf sha256:0000';
  });
  const out = join(root, 'merged-part-font');
  const r = await cli(['merge', ...dirs, '--out', out]);
  assert.notEqual(r.status, 0);
  assert.match(
    r.stderr,
    new RegExp(`${quoted(part)}: drawn with label font OtherSans\\.ttf sha256:0000, the run's is .+ \\(versions\\.font\\)`),
  );
  assert.ok(!existsSync(out), 'nothing written');
});

/** The shard's own generate command again, on a copy of its folder edited by `change`. */
async function resumeEdited(name: string, change: (dir: string) => void): ReturnType<typeof cli> {
  const i = partFiles(shards[0]).length ? 0 : 1;
  const copy = join(root, name);
  cpSync(shards[i], copy, { recursive: true });
  change(copy);
  return await cli([
    'generate',
    '--out',
    copy,
    '--tasks',
    'translation',
    '--per-complex',
    'translation=1/1',
    '--test-share',
    '0.5',
    '--workers',
    '1',
    '--shard',
    `${i}/2`,
  ]);
}

test('resume: a part drawn by another browser build is refused naming the browser build', { skip: noBrowser }, async () => {
  let part = '';
  const r = await resumeEdited('resume-part-browser', (dir) => {
    part = partFiles(dir)[0];
    const data = JSON.parse(readFileSync(part, 'utf8'));
    data.versions.browser = 'Chromium 1.0.0.0 built elsewhere';
    writeFileSync(part, JSON.stringify(data) + '\n');
  });
  assert.notEqual(r.status, 0);
  assert.match(
    r.stderr,
    new RegExp(
      `${quoted(part)}: drawn with browser build Chromium 1\\.0\\.0\\.0 built elsewhere, the run's is .+ \\(versions\\.browser\\)`,
    ),
  );
});

test('resume: a run made under other H-bond rules is refused naming the rules version', { skip: noBrowser }, async () => {
  const r = await resumeEdited('resume-rules', (dir) => {
    const file = join(dir, 'parts', 'run.json');
    const identity = JSON.parse(readFileSync(file, 'utf8'));
    identity.dataset.hbondRules -= 1;
    writeFileSync(file, JSON.stringify(identity, null, 2) + '\n');
  });
  assert.notEqual(r.status, 0);
  assert.match(
    r.stderr,
    /holds a run with other options: the H-bond rules version \(versions\.hbondRules\) differs: \d+ in that run, \d+ now/,
  );
});

test('a shard whose identity records a shard text that does not read: refused naming the folder, not a bug', {
  skip: noBrowser,
}, async () => {
  const copy = join(root, 'bad-shard', '0');
  cpSync(shards[0], copy, { recursive: true });
  const file = join(copy, 'parts', 'run.json');
  const identity = JSON.parse(readFileSync(file, 'utf8'));
  identity.inputs.shard = 'half';
  writeFileSync(file, JSON.stringify(identity, null, 2) + '\n');
  const out = join(root, 'merged-bad-shard');
  const r = await cli(['merge', copy, shards[1], '--out', out]);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /bad-shard\/0: parts\/run\.json records the shard as 'half', which is not i\/n/);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  assert.ok(!existsSync(join(out, 'manifest.json')));
});
