import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pocketSequence } from '../../../structures/grouping/pocket-sequence.ts';
import { clusterBySequence } from '../../../structures/grouping/sequence-clusters.ts';
import { ingest } from '../../../structures/ingest.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../../shared-structures.ts';

// Hand-made chains (identities by hand, BLOSUM62): x/y share WWWW (4 of 8 = 0.5), y/z share
// HHHH (0.5), x/z share nothing that scores above zero (0), w (all P) matches none.
const x = 'WWWWCCCC',
  y = 'WWWWHHHH',
  z = 'KKKKHHHH',
  w = 'PPPPPPPP';

test('single linkage joins chains of links; clusters are named by their smallest id', () => {
  const items = [
    { id: 'm', sequences: [z] },
    { id: 'b', sequences: [y] },
    { id: 'k', sequences: [x] },
    { id: 'a', sequences: [w] },
  ];
  const r = clusterBySequence(items, 0.5, { minLength: 4 });
  assert.deepEqual(Object.fromEntries(r.clusterOf), { a: 'a', b: 'b', k: 'b', m: 'b' });
  assert.deepEqual(
    [...r.members],
    [
      ['a', ['a']],
      ['b', ['b', 'k', 'm']],
    ],
  );
  // Same result whatever the input order.
  assert.deepEqual(clusterBySequence([...items].reverse(), 0.5, { minLength: 4 }), r);
  // Above every pair's identity: all alone.
  assert.equal(clusterBySequence(items, 0.6, { minLength: 4 }).members.size, 4);
});

test('any chain pair links two complexes; short chains take no part', () => {
  const r = clusterBySequence(
    [
      { id: 'p', sequences: [w, x] },
      { id: 'q', sequences: [y] },
    ],
    0.5,
    { minLength: 4 },
  );
  assert.equal(r.clusterOf.get('q'), 'p');
  // Default minLength is 30: these 8-residue chains are left out, nothing links.
  assert.equal(
    clusterBySequence(
      [
        { id: 'p', sequences: [x] },
        { id: 'q', sequences: [x] },
      ],
      0.5,
    ).members.size,
    2,
  );
  assert.throws(() => clusterBySequence([], 30), RangeError);
  assert.throws(
    () =>
      clusterBySequence(
        [
          { id: 'p', sequences: [] },
          { id: 'p', sequences: [] },
        ],
        0.3,
      ),
    /unique/,
  );
});

test('pocket sequence of the sample matches the residues of its pocket file', async () => {
  const { complexes } = await ingest([resolve(SAMPLE, 'pdbbind/1hpv')]);
  const chains = pocketSequence(complexes[0]);
  // Read independently: one letter per (chain, residue number, insertion code) of the
  // ATOM records, in file order.
  const code: Record<string, string> = {
    ALA: 'A',
    ARG: 'R',
    ASN: 'N',
    ASP: 'D',
    CYS: 'C',
    GLN: 'Q',
    GLU: 'E',
    GLY: 'G',
    HIS: 'H',
    ILE: 'I',
    LEU: 'L',
    LYS: 'K',
    MET: 'M',
    PHE: 'F',
    PRO: 'P',
    SER: 'S',
    THR: 'T',
    TRP: 'W',
    TYR: 'Y',
    VAL: 'V',
  };
  const seen = new Set<string>();
  const expected = new Map<string, string>();
  for (const line of readFileSync(resolve(SAMPLE, 'pdbbind/1hpv/1hpv_pocket.pdb'), 'utf8').split('\n')) {
    if (!line.startsWith('ATOM')) continue;
    const key = line.slice(21, 27);
    if (seen.has(key)) continue;
    seen.add(key);
    expected.set(line[21], (expected.get(line[21]) ?? '') + (code[line.slice(17, 20)] ?? 'X'));
  }
  assert.deepEqual(
    chains,
    [...expected].map(([chain, sequence]) => ({ chain, sequence })),
  );
  // HIV protease is a homodimer and its pocket spans both chains alike.
  assert.equal(chains.length, 2);
  assert.ok(chains[0].sequence.includes('DTGADD'), chains[0].sequence);
});

test('PDBbind at 30 %: HIV proteases share one cluster, trypsin-like serine proteases another', { skip: NEEDS_SHARED }, async (t) => {
  const root = resolve(SHARED, 'pdbbind');
  const { complexes } = await ingest([root]);
  assert.equal(complexes.length, readdirSync(root).length);
  const items = complexes.map((c) => ({ id: c.id, sequences: pocketSequence(c).map((s) => s.sequence) }));
  const r = clusterBySequence(items, 0.3);
  const sizes = [...r.members.values()].map((m) => m.length);
  const histogram = new Map<number, number>();
  for (const s of sizes) histogram.set(s, (histogram.get(s) ?? 0) + 1);
  t.diagnostic(
    `${complexes.length} complexes, ${r.members.size} clusters at 30 %; size: count = ${[...histogram]
      .sort((a, b) => b[0] - a[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  );
  for (const [id, m] of r.members) if (m.length > 5) t.diagnostic(`cluster ${id} (${m.length}): ${m.join(' ')}`);
  // Families told apart by a motif of their active site, not by the code under test: the
  // aspartic protease D-T-G-A-D of HIV protease; G-D-S(195)-G and S-W-G(216) around the S1
  // pocket of trypsin, thrombin, factor Xa and urokinase.
  const having = (...motifs: string[]) => items.filter((i) => motifs.every((m) => i.sequences.some((s) => s.includes(m)))).map((i) => i.id);
  const hiv = having('DTGAD');
  const serine = having('GDSG', 'SWG');
  assert.ok(hiv.length >= 5 && serine.length >= 20, `found ${hiv.length} HIV and ${serine.length} serine protease pockets`);
  assert.equal(
    new Set(hiv.map((id) => r.clusterOf.get(id))).size,
    1,
    `HIV proteases split: ${hiv.map((id) => `${id}->${r.clusterOf.get(id)}`).join(' ')}`,
  );
  assert.equal(
    new Set(serine.map((id) => r.clusterOf.get(id))).size,
    1,
    `serine proteases split: ${serine.map((id) => `${id}->${r.clusterOf.get(id)}`).join(' ')}`,
  );
  assert.notEqual(r.clusterOf.get(hiv[0]), r.clusterOf.get(serine[0]));
  // Far from one cluster of everything, far from all singletons.
  assert.ok(r.members.size >= 30 && Math.max(...sizes) < complexes.length / 3, `${r.members.size} clusters, largest ${Math.max(...sizes)}`);
});
