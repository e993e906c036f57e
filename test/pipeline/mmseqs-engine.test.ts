// --cluster-engine mmseqs: on real sequences (the sample's pockets and whole chains, and
// seeded variants of them) its clusters agree with the exact engine's; without MMseqs2 on
// PATH the command fails naming the package. Skips where MMseqs2 is not installed.

import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { generatorFor } from '../../pipeline/generate/seeds.ts';
import { clusterWithMmseqs, mmseqsVersion } from '../../pipeline/split/mmseqs-clusters.ts';
import { clusterProteins } from '../../pipeline/split/protein-clusters.ts';
import { type ComplexSequences, complexSequences } from '../../pipeline/split/protein-sequences.ts';
import { ingestEach } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { NEEDS_SHARED, SHARED } from '../shared-structures.ts';

const VERSION = mmseqsVersion();
const NEEDS_MMSEQS: string | false = VERSION === null ? 'MMseqs2 (Debian package mmseqs2) is not on PATH' : false;

async function sampleSequences(): Promise<ComplexSequences[]> {
  const items: ComplexSequences[] = [];
  await ingestEach([SAMPLE_DIR], { ligandsFile: SAMPLE_LIGANDS }, async (c) => {
    items.push(await complexSequences(c));
  });
  return items;
}

test('mmseqs engine: the same clusters as the exact engine on the sample and seeded variants', { skip: NEEDS_MMSEQS }, async (t) => {
  const real = await sampleSequences();
  assert.equal(real.length, 3);
  const rnd = generatorFor([0, 'mmseqs-test']);
  const SIMILAR: Record<string, string> = {
    I: 'V',
    V: 'I',
    L: 'M',
    M: 'L',
    K: 'R',
    R: 'K',
    D: 'E',
    E: 'D',
    N: 'D',
    S: 'T',
    T: 'S',
    F: 'Y',
    Y: 'F',
    Q: 'E',
  };
  const vary = (s: string, rate: number) => [...s].map((c) => (rnd() < rate && SIMILAR[c] ? SIMILAR[c] : c)).join('');
  // Four variants of each at 20-60 % of residues renamed: clusters of one protein each.
  const items = [...real];
  for (const r of real)
    for (let k = 0; k < 4; k++) {
      const rate = 0.2 + 0.1 * k;
      items.push({
        id: `${r.id}-v${k}`,
        pocket: r.pocket.map((s) => vary(s, rate)),
        whole: r.whole ? r.whole.map((s) => vary(s, rate)) : null,
      });
    }
  const exact = await clusterProteins(items, { threshold: 0.3 });
  const fast = await clusterWithMmseqs(items, { threshold: 0.3 });
  t.diagnostic(`MMseqs2 ${fast.version}: ${JSON.stringify(fast.compared)}`);
  assert.ok(fast.version.startsWith(`${VERSION} prefilter`), fast.version);
  assert.deepEqual(fast.clusterOf, exact.clusterOf);
  assert.equal(new Set(exact.clusterOf.values()).size, 3);
});

test('mmseqs engine on ../shared: every link is one of the exact engine (its clusters split the exact ones, never join them)', {
  skip: NEEDS_MMSEQS || NEEDS_SHARED,
}, async (t) => {
  const items: ComplexSequences[] = [];
  await ingestEach([SHARED], {}, async (c) => {
    items.push(await complexSequences(c));
  });
  const exact = await clusterProteins(items, { threshold: 0.3 });
  const fast = await clusterWithMmseqs(items, { threshold: 0.3 });
  const exactOf = new Map<string, string>();
  for (const [id, cluster] of fast.clusterOf) {
    const e = exact.clusterOf.get(id)!;
    assert.equal(exactOf.get(cluster) ?? e, e, `mmseqs cluster ${cluster} spans two exact clusters`);
    exactOf.set(cluster, e);
  }
  const groups = (m: Map<string, string>) => new Set(m.values()).size;
  t.diagnostic(
    `${items.length} complexes: exact ${groups(exact.clusterOf)} clusters, mmseqs ${groups(fast.clusterOf)}; ${JSON.stringify(fast.compared)}`,
  );
  assert.ok(fast.compared.alignments > 0 && groups(fast.clusterOf) < items.length, 'the prefilter offered no link');
});

test('misi-gen split --cluster-engine mmseqs writes the split and names the engine (its internals with --verbose only)', {
  skip: NEEDS_MMSEQS,
}, async () => {
  const out = await mkdtemp(join(tmpdir(), 'mmseqs-split-'));
  try {
    const r = await inProcess(['split', '--by', 'protein', '--cluster-engine', 'mmseqs', '--verbose', '--out', out]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`mmseqs engine ${VERSION!.replace(/[.+]/g, '\\$&')}`));
    const split = JSON.parse(await readFile(join(out, 'split.json'), 'utf8'));
    assert.equal(split.complexes.length, 3);
    assert.match(split.achieved.engine, /^mmseqs /);
    const quiet = await inProcess(['split', '--by', 'protein', '--cluster-engine', 'mmseqs', '--out', out]);
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.doesNotMatch(quiet.stderr, /engine|skippedJoined|boundCells/);
    assert.match(quiet.stderr, /aimed 0 test, got 0/);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('without MMseqs2 on PATH the mmseqs engine fails, naming the package', async () => {
  const out = await mkdtemp(join(tmpdir(), 'mmseqs-missing-'));
  try {
    const r = await inProcess(['split', '--by', 'protein', '--cluster-engine', 'mmseqs', '--out', out], { env: { PATH: '/nonexistent' } });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /misi-gen split: .*no `mmseqs` was found on PATH.*apt-get install mmseqs2/);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
