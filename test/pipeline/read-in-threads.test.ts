// Reading on worker threads gives what one thread gives: the same complexes in the same
// order, the same rejects (internal ones included, their stacks to the sink), the same
// files from the CLI; and a split made on threads equals the one made in one thread.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ingestEachInThreads } from '../../pipeline/read-pool/read-in-threads.ts';
import { siblingModule } from '../../pipeline/read-pool/worker-pool.ts';
import type { Complex } from '../../structures/model.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { NEEDS_SHARED, REPO, SAMPLE, SHARED } from '../shared-structures.ts';

const cli = (args: string[]) => inProcess(args, { cwd: REPO });

async function readAll(paths: string[], threads: number, ligandsFile?: string) {
  const complexes: Complex[] = [];
  const sink: string[] = [];
  const r = await ingestEachInThreads(
    paths,
    { ligandsFile, hbonds: {}, onError: (e) => sink.push(`${e.id} ${e.stage}`) },
    (c) => {
      complexes.push(c);
    },
    threads,
  );
  return { complexes: JSON.stringify(complexes), ids: complexes.map((c) => c.id), rejects: r.rejects, count: r.count, sink };
}

test('the bundled sample on 2 threads: the same complexes, in the same order, as in one thread', async () => {
  const ligands = join(SAMPLE, 'pdb-entries/ligands.tsv');
  const one = await readAll([SAMPLE], 1, ligands);
  const two = await readAll([SAMPLE], 2, ligands);
  assert.ok(one.count >= 3);
  assert.equal(two.complexes, one.complexes);
  assert.deepEqual(two.rejects, one.rejects);
});

test('../shared/structures on 3 threads: same complexes and rejects (discover, select-ligand) as one thread', {
  skip: NEEDS_SHARED,
}, async () => {
  const paths = [join(SHARED, 'pdb-entries'), join(SHARED, 'protein-ligand'), join(SHARED, 'pdbbind/1a30'), join(SHARED, 'pdbbind/3pxf')];
  const one = await readAll(paths, 1);
  const three = await readAll(paths, 3);
  assert.ok(one.rejects.length > 0 && one.count > 40, `${one.count} read, ${one.rejects.length} rejected`);
  assert.deepEqual(three.ids, one.ids);
  assert.equal(three.complexes, one.complexes);
  assert.deepEqual(three.rejects, one.rejects);
});

test('a throw inside a worker is the same internal reject as in one thread, its stack sent to the sink', async () => {
  process.env.MISI_GEN_FAULT = 'pocket-cut:1pgp,hbonds:1hpv';
  try {
    const one = await readAll([SAMPLE], 1, join(SAMPLE, 'pdb-entries/ligands.tsv'));
    const two = await readAll([SAMPLE], 2, join(SAMPLE, 'pdb-entries/ligands.tsv'));
    assert.deepEqual(
      one.rejects.map((r) => [r.id, r.stage, r.internal]),
      [
        ['1hpv', 'hbonds', true],
        ['1pgp', 'pocket-cut', true],
      ].sort(),
    );
    assert.deepEqual(two.rejects, one.rejects);
    assert.deepEqual(two.sink.sort(), one.sink.sort());
    assert.equal(two.complexes, one.complexes);
  } finally {
    delete process.env.MISI_GEN_FAULT;
  }
});

test('work per complex runs in the thread that read it and its result comes back in id order', async () => {
  const perComplex = {
    module: siblingModule(import.meta.url, '../../pipeline/split/group-complexes').href,
    name: 'groupSummary',
    arg: 'protein',
  };
  const run = async (threads: number) => {
    const got: unknown[] = [];
    await ingestEachInThreads(
      paths(),
      { ligandsFile: join(SAMPLE, 'pdb-entries/ligands.tsv') },
      (s) => {
        got.push(s);
      },
      threads,
      perComplex,
    );
    return got;
  };
  const paths = () => [SAMPLE];
  const one = await run(1);
  assert.equal(one.length, 3);
  assert.deepEqual(await run(2), one);
  assert.ok(
    (one as Array<{ sequences?: { whole: unknown } }>).some((s) => s.sequences?.whole),
    'whole chains read in the worker',
  );
});

test('misi-gen ingest --read-threads 2 writes the files --read-threads 1 writes; 0 is a usage error', async () => {
  const out1 = mkdtempSync(join(tmpdir(), 'misi-rt1-'));
  const out2 = mkdtempSync(join(tmpdir(), 'misi-rt2-'));
  assert.equal(
    (await cli(['ingest', SAMPLE, '--ligands', join(SAMPLE, 'pdb-entries/ligands.tsv'), '--out', out1, '--read-threads', '1'])).status,
    0,
  );
  assert.equal(
    (await cli(['ingest', SAMPLE, '--ligands', join(SAMPLE, 'pdb-entries/ligands.tsv'), '--out', out2, '--read-threads', '2'])).status,
    0,
  );
  for (const f of ['complexes.jsonl', 'rejects.jsonl'])
    assert.equal(readFileSync(join(out2, f), 'utf8'), readFileSync(join(out1, f), 'utf8'), f);
  const bad = await cli(['ingest', SAMPLE, '--out', out1, '--read-threads', '0']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--read-threads must be a whole number >= 1/);
});
