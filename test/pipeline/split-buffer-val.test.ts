// `--buffer val` on the bundled sample (three complexes): at 5 % identity they are linked, so
// the split by protein puts one in test and has train neighbours of it to exclude; with
// --buffer val those become a validation split with questions. Checked through the CLI as a
// user runs it: the val files, split.json, the manifest, verify, score --split val, export
// llava; and that the same run without --buffer writes no val at all.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { type SplitFile, splitLeaks } from '../../pipeline/split/split-file.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const TASKS = ['translation', 'translation_rotation', 'docking', 'pocket_ligand'];
const SPLIT_ARGS = [
  '--split-by',
  'protein',
  '--cluster-threshold',
  '0.05',
  '--test-share',
  '0.34',
  '--max-excluded',
  '1',
  '--tasks',
  TASKS.join(','),
  '--seed',
  '5',
];
const cli = (...args: string[]) => inProcess(args);
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

test('generate --buffer val: excluded complexes become val with questions; verify, score --split val, export llava know val', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'misi-val-'));
  try {
    const out = join(dir, 'ds');
    // docking gives val its own count (TRAIN/TEST/VAL); the other tasks' val takes test's.
    const g = await cli('generate', '--out', out, ...SPLIT_ARGS, '--buffer', 'val', '--per-complex', 'docking=6/3/1');
    assert.equal(g.status, 0, g.stderr);
    const split = JSON.parse(readFileSync(join(out, 'split.json'), 'utf8')) as SplitFile;
    const val = split.complexes.filter((c) => c.side === 'val').map((c) => c.id);
    assert.ok(val.length >= 1, `a val complex: ${JSON.stringify(split.complexes)}`);
    assert.equal(split.complexes.filter((c) => c.side === 'excluded').length, 0);
    assert.equal(split.counts.val, val.length);
    assert.equal(split.achieved!.val, val.length);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    assert.equal(manifest.options.buffer, 'val');
    const valRecords = [];
    for (const t of TASKS) {
      const path = join(out, 'qa', `${t}.val.jsonl`);
      assert.ok(existsSync(path), path);
      const rs = lines(path);
      assert.equal(manifest.counts[t].val, rs.length, t);
      for (const r of rs) {
        assert.equal(r.split, 'val');
        assert.ok(val.includes(r.complex), `${r.id} on a val complex`);
      }
      valRecords.push(...rs);
    }
    assert.ok(valRecords.length > 0);
    assert.match(manifest.options.perComplex, /docking=6\/3\/1,/);
    for (const id of val) {
      assert.equal(
        lines(join(out, 'qa', 'docking.val.jsonl')).filter((r) => r.complex === id).length,
        1,
        `docking: one question on val complex ${id}`,
      );
      assert.ok(
        lines(join(out, 'qa', 'translation.val.jsonl')).filter((r) => r.complex === id).length > 1,
        `translation: test's count on val complex ${id}`,
      );
    }
    // Partners (translation_rotation) come from the question's own side.
    assert.deepEqual(splitLeaks(split, [...valRecords, ...TASKS.flatMap((t) => lines(join(out, 'qa', `${t}.train.jsonl`)))]), []);
    const v = await cli('verify', out);
    assert.equal(v.status, 0, v.stderr + v.stdout);
    // The val answers as predictions score 100 on every task with val questions.
    const predictions = join(dir, 'val-answers.jsonl');
    writeFileSync(predictions, valRecords.map((r) => JSON.stringify({ id: r.id, prediction: r.answer })).join('\n') + '\n');
    const s = await cli('score', out, predictions, '--split', 'val', '--json');
    assert.equal(s.status, 0, s.stderr);
    const score = JSON.parse(s.stdout);
    assert.equal(score.split, 'val');
    const scored = Object.entries<any>(score.tasks).filter(([, t]) => t.questions > 0);
    assert.ok(scored.length > 0);
    for (const [task, t] of scored) assert.equal(t.composite, 100, task);
    // export llava writes a val file per task with every val question.
    const x = await cli('export', out, '--format', 'llava', '--out', join(dir, 'llava'));
    assert.equal(x.status, 0, x.stderr);
    for (const t of TASKS) {
      const rows = JSON.parse(readFileSync(join(dir, 'llava', `${t}.val.json`), 'utf8'));
      assert.equal(rows.length, manifest.counts[t].val, t);
    }
    // A resume with another --buffer is refused by name.
    const again = await cli('generate', '--out', out, ...SPLIT_ARGS);
    assert.notEqual(again.status, 0);
    assert.match(again.stderr, /--buffer differs/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the same split by protein without --buffer: excluded complexes, no val files, no val counts', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'misi-noval-'));
  try {
    const out = join(dir, 'ds');
    const g = await cli('generate', '--out', out, ...SPLIT_ARGS);
    assert.equal(g.status, 0, g.stderr);
    const split = JSON.parse(readFileSync(join(out, 'split.json'), 'utf8')) as SplitFile;
    assert.ok(split.complexes.some((c) => c.side === 'excluded'));
    assert.ok(!split.complexes.some((c) => c.side === 'val'));
    assert.equal(split.counts.val, undefined);
    assert.equal(split.achieved!.val, 0);
    assert.deepEqual(
      readdirSync(join(out, 'qa')).filter((f) => f.includes('.val.')),
      [],
    );
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    assert.equal(manifest.options.buffer, undefined);
    for (const t of TASKS) assert.equal(manifest.counts[t].val, undefined);
    const s = await cli('score', out, join(out, 'qa', 'docking.test.jsonl'), '--split', 'val');
    assert.notEqual(s.status, 0, 'no val split to score against');
    // A val count without --buffer val is a usage error, before anything is written.
    const other = join(dir, 'other');
    const u = await cli('generate', '--out', other, ...SPLIT_ARGS, '--per-complex', 'translation=4/2,docking=6/3/1');
    assert.equal(u.status, 2, u.stderr);
    assert.match(u.stderr, /--per-complex: a third number \(val\) for docking needs --buffer val/);
    assert.ok(!existsSync(other), 'nothing written');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
