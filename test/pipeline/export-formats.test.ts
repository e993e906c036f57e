// generate --split-by scaffold on the sample (a few images), then every export format read
// back by this test on its own terms: placeholders = images, images present (or embedded
// byte for byte), ids unique, answers equal to the dataset's, counts equal to the manifest's;
// the hf shards read with hyparquet and with an independent reader (parquet-wasm, arrow-rs); the leak check on
// split.json and the questions; the export checks catch a broken file.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { tableFromIPC } from 'apache-arrow';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { readParquet } from 'parquet-wasm/node';
import { loadDataset } from '../../pipeline/dataset/read-dataset.ts';
import { checkExport } from '../../pipeline/export/check-export.ts';
import { readLlava } from '../../pipeline/export/llava.ts';
import { splitLeaks } from '../../pipeline/split/split-file.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-export-'));
const data = join(root, 'data');
const TASKS = ['translation', 'translation_rotation'];
const cli = (...args: string[]) => inProcess(args);

before(async () => {
  if (noBrowser) return;
  const r = await cli(
    'generate',
    '--out',
    data,
    '--tasks',
    TASKS.join(','),
    '--per-complex',
    'translation=1/1,translation_rotation=0/1',
    '--split-by',
    'scaffold',
    '--test-share',
    '0.7',
    '--seed',
    '5',
    '--workers',
    '1',
  );
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

type Rec = { id: string; split: string; complex: string; images: string[]; answer: string; meta: any };
const lines = (p: string): any[] =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const qa = (task: string, split: string): Rec[] => lines(join(data, 'qa', `${task}.${split}.jsonl`));
const allSplits = ['train', 'test', 'tiny'];
const questions = () => TASKS.flatMap((t) => allSplits.map((s) => ({ t, s, list: qa(t, s) })));
const manifest = () => JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));

test('split.json by scaffold: every complex with side and group; no leak in the split or the questions; tiny within test', {
  skip: noBrowser,
}, async () => {
  const split = JSON.parse(readFileSync(join(data, 'split.json'), 'utf8'));
  assert.equal(split.by, 'scaffold');
  assert.deepEqual(
    split.complexes.map((c: any) => c.id),
    ['1hpv', '1pgp', '3mht'],
  );
  for (const c of split.complexes) assert.ok(['train', 'test'].includes(c.side) && typeof c.group === 'string' && c.group.length > 0);
  assert.equal(split.counts.test, 2);
  const recs = TASKS.flatMap((t) => [...qa(t, 'train'), ...qa(t, 'test')]);
  assert.deepEqual(splitLeaks(split, recs), []);
  // The pair task drew its partner from the same side.
  const pairs = qa('translation_rotation', 'test');
  assert.ok(pairs.length >= 1);
  const side = new Map(split.complexes.map((c: any) => [c.id, c.side]));
  for (const q of pairs) for (const p of q.meta.partners) assert.equal(side.get(p), 'test', `${q.id} partner ${p}`);
  for (const t of TASKS) {
    const test = qa(t, 'test');
    const tiny = readFileSync(join(data, 'qa', `${t}.tiny.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean);
    const testLines = new Set(
      readFileSync(join(data, 'qa', `${t}.test.jsonl`), 'utf8')
        .split('\n')
        .filter(Boolean),
    );
    assert.equal(tiny.length, Math.min(50, test.length));
    for (const l of tiny) assert.ok(testLines.has(l), 'a tiny line that is not a test line');
  }
});

function checkPromptRows(dir: string, rows: { id: string; images: string[]; prompt: string; answer: string }[], expected: Rec[]) {
  assert.deepEqual(
    rows.map((r) => r.id),
    expected.map((r) => r.id),
  );
  for (const [i, r] of rows.entries()) {
    assert.equal(r.prompt.split('<image>').length - 1, r.images.length, `${r.id}: placeholders`);
    assert.deepEqual(r.images, expected[i].images, `${r.id}: images in order`);
    assert.equal(r.answer, expected[i].answer);
    for (const p of r.images) assert.ok(existsSync(join(dir, p)), `${r.id}: ${p} missing`);
  }
}

test('llava, sharegpt, qwen: one <image> per image in order, images present, answers, counts', { skip: noBrowser }, async () => {
  for (const format of ['llava', 'sharegpt', 'qwen']) {
    const out = join(root, format);
    const r = await cli('export', data, '--format', format, '--out', out);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), out);
    for (const { t, s, list } of questions()) {
      const file = join(out, `${t}.${s}.${format === 'qwen' ? 'jsonl' : 'json'}`);
      const values = format === 'qwen' ? lines(file) : JSON.parse(readFileSync(file, 'utf8'));
      if (s !== 'tiny') assert.equal(values.length, manifest().counts[t][s], `${format} ${t} ${s} count`);
      assert.equal(new Set(values.map((v: any) => v.id)).size, values.length);
      const rows =
        format === 'sharegpt'
          ? values.map((v: any) => ({
              id: v.id,
              images: v.images,
              prompt: v.messages[0].content,
              answer: v.messages[1].content,
              roles: v.messages.map((m: any) => m.role),
            }))
          : values.map((v: any) => ({
              id: v.id,
              images: v.image,
              prompt: v.conversations[0].value,
              answer: v.conversations[1].value,
              roles: v.conversations.map((m: any) => m.from),
            }));
      for (const row of rows) assert.deepEqual(row.roles, format === 'sharegpt' ? ['user', 'assistant'] : ['human', 'gpt']);
      checkPromptRows(out, rows, list);
    }
  }
  const info = JSON.parse(readFileSync(join(root, 'sharegpt', 'dataset_info.json'), 'utf8'));
  assert.equal(Object.keys(info).length, TASKS.length * 3);
  for (const entry of Object.values<any>(info)) {
    assert.equal(entry.formatting, 'sharegpt');
    assert.deepEqual(entry.columns, { messages: 'messages', images: 'images' });
    assert.ok(existsSync(join(root, 'sharegpt', entry.file_name)), entry.file_name);
  }
});

const hfOut = join(root, 'hf');
function hfRows(path: string): any[] {
  const b = readFileSync(path);
  const file = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  return file as any;
}

test('hf: parquet shards per task and split, every row and image embedded, small row groups, a card with configs', {
  skip: noBrowser,
}, async () => {
  const r = await cli('export', data, '--format', 'hf', '--out', hfOut);
  assert.equal(r.status, 0, r.stderr);
  for (const { t, s, list } of questions()) {
    const dir = join(hfOut, 'data', t);
    const shards = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.startsWith(`${s}-`))
          .sort()
      : [];
    if (list.length === 0) {
      assert.deepEqual(shards, [], `${t} ${s}: empty split has no file`);
      continue;
    }
    const rows: any[] = [];
    for (const f of shards) {
      const file = hfRows(join(dir, f));
      const md = parquetMetadata(file as any);
      for (const g of md.row_groups) assert.ok(Number(g.num_rows) <= 32);
      const kv = Object.fromEntries((md.key_value_metadata ?? []).map((k) => [k.key, k.value]));
      assert.deepEqual(JSON.parse(kv.huggingface ?? 'null').info.features.images, [{ _type: 'Image' }]);
      rows.push(...(await parquetReadObjects({ file: file as any, utf8: false })));
    }
    assert.deepEqual(
      rows.map((x) => x.id),
      list.map((x) => x.id),
      `${t} ${s}`,
    );
    for (const [i, row] of rows.entries()) {
      assert.equal(row.answer, list[i].answer);
      assert.equal(row.images.length, list[i].images.length);
      for (const [k, im] of row.images.entries()) {
        assert.ok(Buffer.from(im.bytes).equals(readFileSync(join(data, list[i].images[k]))), `${row.id} image ${k + 1}`);
        assert.equal(`images/${im.path}`, list[i].images[k]);
      }
    }
  }
  const card = readFileSync(join(hfOut, 'README.md'), 'utf8');
  const yaml = card.split('---')[1];
  for (const t of TASKS) assert.ok(yaml.includes(`- config_name: ${t}`), t);
  assert.ok(yaml.includes('split: tiny') && yaml.includes('path: "data/translation/test-*.parquet"'));
  assert.ok(!yaml.includes('translation_rotation/train-'), 'the empty train split of translation_rotation is not declared');
  assert.match(card, /Seed: \*\*5\*\*/);
  assert.match(card, /PDBbind/);
  assert.match(card, /misi-gen generate .*--seed 5/s);
  // The audit paragraph names the baselines the dataset's tasks declare of their own: these two declare none.
  assert.match(card, /the most typical option image\), fitted on train/);
});

// An independent reader: arrow-rs (Rust, through parquet-wasm) with Apache Arrow JS, not
// the hyparquet family the writer comes from. (Debian ships no pyarrow.)
test('hf: an independent parquet reader (parquet-wasm + apache-arrow) finds every row and image', { skip: noBrowser }, async () => {
  for (const { t, s, list } of questions()) {
    const dir = join(hfOut, 'data', t);
    if (!list.length) continue;
    const shards = readdirSync(dir)
      .filter((f) => f.startsWith(`${s}-`))
      .sort();
    const rows: { id: string; answer: string; images: { bytes: Uint8Array; path: string }[] }[] = [];
    for (const f of shards) {
      const table = tableFromIPC(readParquet(new Uint8Array(readFileSync(join(dir, f)))).intoIPCStream());
      for (const row of table) {
        const r = row.toJSON() as any;
        const images = [...r.images].map((im: any) => ({ bytes: im.bytes as Uint8Array, path: String(im.path) }));
        rows.push({ id: String(r.id), answer: String(r.answer), images });
      }
    }
    assert.deepEqual(
      rows.map((x) => x.id),
      list.map((q) => q.id),
      `${t} ${s}`,
    );
    for (const [i, row] of rows.entries()) {
      assert.equal(row.answer, list[i].answer);
      assert.deepEqual(
        row.images.map((im) => `images/${im.path}`),
        list[i].images,
      );
      for (const [k, im] of row.images.entries())
        assert.ok(Buffer.from(im.bytes).equals(readFileSync(join(data, list[i].images[k]))), `${row.id} image ${k + 1}`);
    }
  }
});

test('the export checks catch a missing image and a wrong placeholder count', { skip: noBrowser }, async () => {
  const out = join(root, 'llava');
  const dataset = loadDataset(data);
  const files = [];
  for (const t of TASKS)
    for (const s of ['train', 'test', 'tiny'] as const)
      files.push({ path: `${t}.${s}.json`, task: t, split: s, rows: await readLlava(out, `${t}.${s}.json`) });
  assert.deepEqual(await checkExport(dataset, out, files), []);
  const victim = files.find((f) => f.rows.length)!;
  unlinkSync(join(out, victim.rows[0].images[0]));
  victim.rows[0].prompt = victim.rows[0].prompt!.replace('<image>\n', '');
  const problems = await checkExport(dataset, out, files);
  assert.ok(
    problems.some((p) => /placeholders for/.test(p)),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => /does not exist/.test(p)),
    problems.join('\n'),
  );
  // A file short of a question fails the count.
  victim.rows.pop();
  assert.ok((await checkExport(dataset, out, files)).some((p) => /rows written for/.test(p)));
});
