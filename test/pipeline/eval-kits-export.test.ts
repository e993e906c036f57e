// The evaluation kits' exports on a dataset generated from the bundled sample, read back by
// independent readers: the VLMEvalKit TSV by Python's csv module and `ast.literal_eval`
// (VLMEvalKit's pandas reader splits fields the same way and evals the image lists), its
// images decoded and compared with the dataset's files; the lmms-eval task YAML parsed by
// PyYAML, naming the hf export's folder, configs and columns, and its utils.py scoring rows
// read from the hf shards (by hyparquet) through `misi-gen score`.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const python = (code: string, input = '') => spawnSync('python3', ['-c', code], { encoding: 'utf8', input, maxBuffer: 1 << 28 });
const noPython = python('print(1)').status === 0 ? false : 'no python3';
const noYaml = noPython || (python('import yaml').status === 0 ? false : 'no PyYAML');
const root = mkdtempSync(join(tmpdir(), 'misi-kits-'));
const data = join(root, 'data');
const TASKS = ['translation', 'interaction_location', 'rotation_rotation'];
const cli = (...args: string[]) => inProcess(args);
const lines = (p: string): any[] =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

before(async () => {
  if (noBrowser) return;
  const r = await cli('generate', '--out', data, '--tasks', TASKS.join(','), '--test-share', '0.5', '--workers', '1');
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

const READ_TSV = `
import ast, base64, csv, hashlib, json, sys
csv.field_size_limit(1 << 30)
rows = list(csv.reader(open(sys.argv[1] if len(sys.argv) > 1 else sys.stdin.readline().strip(), newline='', encoding='utf-8'), delimiter='\\t'))
head, body = rows[0], rows[1:]
out = []
for r in body:
    d = dict(zip(head, r))
    images = ast.literal_eval(d['image'])
    names = ast.literal_eval(d['image_path'])
    png = [base64.b64decode(b) for b in images]
    assert all(p[:8] == b'\\x89PNG\\r\\n\\x1a\\n' for p in png)
    out.append({'cells': len(r), **{k: d[k] for k in ['index', 'id', 'category', 'question', 'answer', 'A', 'B', 'C', 'D', 'split']},
                'sha256': [hashlib.sha256(p).hexdigest() for p in png], 'names': names})
print(json.dumps({'head': head, 'rows': out}))
`;

test("vlmevalkit: the TSV read back by Python csv; images decode to the dataset's bytes in order; counts, answers and options equal", {
  skip: noBrowser || noPython,
}, async () => {
  const out = join(root, 'vlmevalkit');
  const r = await cli('export', data, '--format', 'vlmevalkit', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(readdirSync(out).sort(), ['MiSI_Bench_test.tsv', 'MiSI_Bench_tiny.tsv']);
  for (const split of ['test', 'tiny']) {
    const py = python(READ_TSV, join(out, `MiSI_Bench_${split}.tsv`) + '\n');
    assert.equal(py.status, 0, py.stderr);
    const { head, rows } = JSON.parse(py.stdout);
    assert.deepEqual(head, ['index', 'id', 'category', 'question', 'answer', 'A', 'B', 'C', 'D', 'image', 'image_path', 'split']);
    const expected = TASKS.flatMap((t) => lines(join(data, 'qa', `${t}.${split}.jsonl`)));
    assert.ok(expected.length > 0);
    assert.deepEqual(
      rows.map((x: any) => x.id),
      expected.map((q) => q.id),
      `${split}: rows and their order`,
    );
    assert.deepEqual(
      rows.map((x: any) => x.index),
      expected.map((_, i) => String(i + 1)),
    );
    for (const [i, q] of expected.entries()) {
      const row = rows[i];
      assert.equal(row.cells, head.length, q.id);
      assert.equal(row.category, q.task);
      assert.equal(row.question, q.question, `${q.id}: question text (quotes and new lines) survives`);
      assert.equal(row.answer, q.answer);
      assert.equal(row.split, split);
      assert.deepEqual(
        row.sha256,
        q.images.map((p: string) => sha(readFileSync(join(data, p)))),
        `${q.id}: images in order`,
      );
      assert.deepEqual(
        row.names,
        q.images.map((p: string) => p.split('/').pop()),
      );
      for (const l of ['A', 'B', 'C', 'D']) {
        const o = q.options?.find((x: any) => x.letter === l);
        assert.equal(row[l], o?.commands ?? o?.text ?? '', `${q.id} option ${l}`);
      }
    }
  }
  const choice = lines(join(data, 'qa', 'interaction_location.test.jsonl'));
  assert.ok(choice.length && choice.every((q) => /^[A-D]$/.test(q.answer)));
});

const LOAD_YAML = `
import json, sys, yaml
class Loader(yaml.SafeLoader): pass
Loader.add_constructor('!function', lambda loader, node: {'function': loader.construct_scalar(node)})
print(json.dumps({name: yaml.load(open(sys.argv[1] + '/' + name), Loader=Loader) for name in sys.argv[2:]}))
`;

test('lmms-eval: the task YAML parses and names the hf export, its configs and columns; utils.py scores through misi-gen score', {
  skip: noBrowser || noYaml,
}, async () => {
  const out = join(root, 'lmms');
  const r = await cli('export', data, '--format', 'lmms-eval', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const taskDir = join(out, 'lmms_eval_tasks', 'misi_bench');
  const names = readdirSync(taskDir)
    .filter((n) => n.endsWith('.yaml'))
    .sort();
  assert.deepEqual(
    names,
    [...TASKS.flatMap((t) => [`misi_bench_${t}.yaml`, `misi_bench_${t}_tiny.yaml`]), 'misi_bench.yaml', 'misi_bench_tiny.yaml'].sort(),
  );
  const py = spawnSync('python3', ['-c', LOAD_YAML, taskDir, ...names], { encoding: 'utf8' });
  assert.equal(py.status, 0, py.stderr);
  const yamls = JSON.parse(py.stdout);
  assert.deepEqual(yamls['misi_bench.yaml'], { group: 'misi_bench', task: TASKS.map((t) => `misi_bench_${t}`) });
  const card = readFileSync(join(out, 'README.md'), 'utf8');
  // One parquet shard per task and split: its columns are what the YAML and utils.py use.
  const shard = readFileSync(join(out, 'data', 'translation', 'test-00000-of-00001.parquet'));
  const file = shard.buffer.slice(shard.byteOffset, shard.byteOffset + shard.byteLength);
  const columns = parquetMetadata(file)
    .schema.filter((s) => s.type !== undefined || s.name === 'images')
    .map((s) => s.name);
  const utils = readFileSync(join(taskDir, 'utils.py'), 'utf8');
  for (const t of TASKS) {
    for (const split of ['test', 'tiny']) {
      const y = yamls[split === 'test' ? `misi_bench_${t}.yaml` : `misi_bench_${t}_tiny.yaml`];
      assert.equal(y.task, split === 'test' ? `misi_bench_${t}` : `misi_bench_${t}_tiny`);
      assert.equal(y.dataset_path, resolve(out));
      assert.equal(y.dataset_name, t);
      assert.match(card, new RegExp(`config_name: ${t}\\n`), `${t} is a config of the card`);
      assert.equal(y.test_split, split);
      assert.match(card, new RegExp(`split: ${split}\\n    path: "data/${t}/${split}-\\*\\.parquet"`));
      assert.equal(y.output_type, 'generate_until');
      assert.ok(columns.includes(y.doc_to_target), `${y.doc_to_target} is not a column`);
      for (const f of [y.doc_to_visual, y.doc_to_text, y.process_results, ...y.metric_list.map((m: any) => m.aggregation)]) {
        assert.match(f.function, /^utils\.misi_\w+$/);
        assert.match(utils, new RegExp(`^def ${f.function.slice(6)}\\(`, 'm'));
      }
    }
  }
  for (const c of ['images', 'question', 'answer', 'id', 'task', 'options']) {
    assert.ok(columns.includes(c), `no column ${c}`);
    assert.match(utils, new RegExp(`doc\\[["']${c}["']\\]|doc\\.get\\(["']${c}["']\\)`), `utils.py does not use ${c}`);
  }
  // utils.py on the rows of the shards: the right answers score 100, none of them 0.
  const docs = [];
  for (const t of TASKS) {
    const buf = readFileSync(join(out, 'data', t, 'test-00000-of-00001.parquet'));
    const rows = await parquetReadObjects({
      file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength),
      columns: ['id', 'task', 'answer', 'options'],
    });
    docs.push(...rows);
  }
  const input = join(root, 'docs.json');
  writeFileSync(input, JSON.stringify(docs));
  const SCORE = `
import json, sys
sys.path.insert(0, sys.argv[1])
import utils
docs = json.load(open(sys.argv[2]))
out = {}
for mode in ['right', 'wrong']:
    for task in sorted({d['task'] for d in docs}) if mode == 'right' else ['interaction_location']:
        items = [utils.misi_process_results(d, [('Answer: ' + d['answer']) if mode == 'right' else 'I cannot tell'])['misi_composite'] for d in docs if d['task'] == task]
        out[mode + ' ' + task] = [utils.misi_composite_test(items), utils.misi_exact_test(items)]
print(json.dumps(out))
`;
  const scored = spawnSync('python3', ['-c', SCORE, taskDir, input], { encoding: 'utf8' });
  assert.equal(scored.status, 0, scored.stderr);
  const s = JSON.parse(scored.stdout);
  for (const t of TASKS) assert.deepEqual(s[`right ${t}`], [100, 100], t);
  assert.deepEqual(s['wrong interaction_location'], [0, 0]);
});
