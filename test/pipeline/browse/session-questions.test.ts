// A human session gives no answer away: on a dataset generated from the bundled sample where
// every test complex has interaction_location, residue_ligand and pocket_ligand questions (so
// a draw that ignored the rule would put an interaction_location question, which names a bond
// of its complex, beside a question that bond answers), `human` asks no complex both an
// interaction_location question and a residue_ligand or pocket_ligand one, and still asks
// each task some questions (the tasks share the complexes); stderr names the passed over.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { generate } from '../../../pipeline/generate/run-generate.ts';
import { taskById } from '../../../qa/task-registry.ts';
import { findBrowser } from '../../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../../structures/sample-path.ts';
import { cli as inProcess } from '../../cli-in-process.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const TASKS = ['interaction_location', 'residue_ligand', 'pocket_ligand'];
const root = mkdtempSync(join(tmpdir(), 'misi-session-'));
const dataset = join(root, 'data');
const cli = (...args: string[]) => inProcess(args);

before(async () => {
  if (noBrowser) return;
  await generate({
    structures: [SAMPLE_DIR],
    ligandsFile: SAMPLE_LIGANDS,
    out: dataset,
    tasks: TASKS.map((t) => taskById(t)!),
    seed: 4,
    perComplex: 'interaction_location=1/2,residue_ligand=1/2,pocket_ligand=1/1',
    testShare: 0.5,
    pages: 2,
    quiet: true,
    log: () => {},
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; task: string; complex: string });

test('human: no complex gives an interaction_location question and a residue_ligand or pocket_ligand one', {
  skip: noBrowser,
}, async () => {
  const split = TASKS.flatMap((t) => lines(join(dataset, 'qa', `${t}.test.jsonl`)));
  const complexOf = new Map(split.map((r) => [r.id, r.complex]));
  const tasksOf = (ids: string[]) => {
    const m = new Map<string, Set<string>>();
    for (const id of ids) {
      const c = complexOf.get(id)!;
      m.set(c, (m.get(c) ?? new Set()).add(id.slice(0, id.indexOf(`-${c}-`))));
    }
    return m;
  };
  // The split itself mixes them on some complex: the rule has something to keep apart.
  const mixed = [...tasksOf(split.map((r) => r.id)).values()].filter((ts) => ts.has('interaction_location') && ts.size > 1);
  assert.ok(mixed.length > 0, 'some test complex has an interaction_location question and another hydrogen-bond one');
  for (const seed of ['0', '1', '2']) {
    const out = join(root, `session-${seed}`);
    const r = await cli('human', dataset, '--out', out, '--tasks', TASKS.join(','), '--n', '50', '--split', 'test', '--seed', seed);
    assert.equal(r.status, 0, r.stderr);
    const text = readFileSync(join(out, 'data', 'session.js'), 'utf8');
    const asked = JSON.parse(text.slice(text.indexOf(',') + 1, text.lastIndexOf(')'))).questions.map((q: { id: string }) => q.id);
    for (const [complex, ts] of tasksOf(asked))
      assert.ok(!(ts.has('interaction_location') && ts.size > 1), `seed ${seed}: ${complex} is asked ${[...ts].join(', ')}`);
    for (const t of TASKS)
      assert.ok(
        asked.some((id: string) => id.startsWith(`${t}-`)),
        `seed ${seed}: some ${t} question is asked`,
      );
    assert.match(r.stderr, /passed over: each is on a complex the session asks another hydrogen-bond question of/);
  }
});
