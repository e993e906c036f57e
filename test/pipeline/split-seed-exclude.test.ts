// Seed and exclude on small linkage graphs whose answers are worked out by hand, the
// stratified order of seeds, and the audit catching a planted leak (its identities checked
// against the traceback alignment of sequence-identity.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatorFor } from '../../pipeline/generate/seeds.ts';
import { auditSplit } from '../../pipeline/split/audit-split.ts';
import { EXCLUDED, seedAndExclude, seedOrder, TEST, TRAIN } from '../../pipeline/split/seed-exclude.ts';
import { splitByProtein } from '../../pipeline/split/split-by-protein.ts';
import { buildSplitCorpus } from '../../scripts/split-corpus.ts';
import { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { sequenceIdentity } from '../../structures/grouping/sequence-identity.ts';

/** A graph of n complexes from its links [i, j, identity]; one group (its components do not matter here). */
function graph(n: number, links: [number, number, number][]) {
  const m = Array.from({ length: n }, () => new Map<number, number>());
  for (const [i, j, f] of links) {
    m[i].set(j, f);
    m[j].set(i, f);
  }
  return { group: new Int32Array(n), neighbours: (i: number) => m[i] };
}
const sidesOf = (side: Uint8Array, s: number) => [...side.keys()].filter((i) => side[i] === s);
const SEEDS = Array.from({ length: 30 }, (_, k) => k);

test('a star: one leaf to test, its centre excluded; or the whole star when no exclusion is allowed', () => {
  const g = graph(
    7,
    [1, 2, 3, 4, 5, 6].map((j) => [0, j, 0.5] as [number, number, number]),
  );
  for (const seed of SEEDS) {
    const r = seedAndExclude(g.group, g.neighbours, { seed, target: 1, maxExcluded: 1, nearDuplicate: 0.9 });
    const t = sidesOf(r.side, TEST);
    assert.equal(t.length, 1);
    assert.notEqual(t[0], 0, 'the centre would exclude six');
    assert.deepEqual(sidesOf(r.side, EXCLUDED), [0]);
    const all = seedAndExclude(g.group, g.neighbours, { seed, target: 7, maxExcluded: 0, nearDuplicate: 0.9 });
    assert.deepEqual(sidesOf(all.side, TEST), [0, 1, 2, 3, 4, 5, 6]);
  }
});

test('a chain of ten: only an end can go to test when one exclusion per test complex is allowed', () => {
  const g = graph(
    10,
    Array.from({ length: 9 }, (_, k) => [k, k + 1, 0.5] as [number, number, number]),
  );
  const seen = new Set<string>();
  for (const seed of SEEDS) {
    const r = seedAndExclude(g.group, g.neighbours, { seed, target: 1, maxExcluded: 1, nearDuplicate: 0.9 });
    const answer = `${sidesOf(r.side, TEST)}|${sidesOf(r.side, EXCLUDED)}`;
    assert.ok(answer === '0|1' || answer === '9|8', `seed ${seed}: ${answer}`);
    seen.add(answer);
  }
  assert.equal(seen.size, 2, 'both ends are drawn for some seed');
});

test('two cliques of five joined by one link: one clique to test, the other end of the link excluded', () => {
  const links: [number, number, number][] = [];
  for (const base of [0, 5]) for (let a = 0; a < 5; a++) for (let b = a + 1; b < 5; b++) links.push([base + a, base + b, 0.6]);
  links.push([4, 5, 0.35]);
  const g = graph(10, links);
  const seen = new Set<string>();
  for (const seed of SEEDS) {
    const r = seedAndExclude(g.group, g.neighbours, { seed, target: 5, maxExcluded: 1, nearDuplicate: 0.9 });
    const answer = `${sidesOf(r.side, TEST)}|${sidesOf(r.side, EXCLUDED)}`;
    assert.ok(answer === '0,1,2,3,4|5' || answer === '5,6,7,8,9|4', `seed ${seed}: ${answer}`);
    seen.add(answer);
    // Four places: a clique without its linked member, which is excluded.
    const four = seedAndExclude(g.group, g.neighbours, { seed, target: 4, maxExcluded: 1, nearDuplicate: 0.9 });
    const a4 = `${sidesOf(four.side, TEST)}|${sidesOf(four.side, EXCLUDED)}`;
    assert.ok(a4 === '0,1,2,3|4' || a4 === '6,7,8,9|5', `seed ${seed}: ${a4}`);
  }
  assert.equal(seen.size, 2);
});

test('a closed family larger than the room: never cut, and its growth ends once more members surely join than there is room for', () => {
  let cliqueSeeds = 0;
  // A clique of six at 50 %, and four singletons; 3 test places, 4 exclusions allowed.
  const links: [number, number, number][] = [];
  for (let a = 0; a < 6; a++) for (let b = a + 1; b < 6; b++) links.push([a, b, 0.5]);
  const g = graph(10, links);
  for (const seed of SEEDS) {
    const asked: number[] = [];
    const some = (i: number, wanted: (j: number) => boolean) => {
      asked.push(i);
      return [...g.neighbours(i).keys()].some(wanted);
    };
    const r = seedAndExclude(g.group, g.neighbours, { seed, target: 3, maxExcluded: 4, nearDuplicate: 0.9 }, some);
    const test = sidesOf(r.side, TEST);
    assert.equal(test.length, 3);
    assert.ok(
      test.every((i) => i >= 6),
      `seed ${seed}: ${test}`,
    );
    assert.deepEqual(sidesOf(r.side, EXCLUDED), []);
    // A clique seed: a region of one excludes five, over the budget; its growth would take
    // the whole clique (every member is interior), more than the places left: at most
    // three boundary members are asked about (five without the early end).
    const tried = r.seeds - 3;
    assert.ok(asked.length <= 3 * tried, `seed ${seed}: ${asked.length} questions for ${tried} clique seeds`);
    // Without the early end, the same sides.
    assert.deepEqual([...seedAndExclude(g.group, g.neighbours, { seed, target: 3, maxExcluded: 4, nearDuplicate: 0.9 }).side], [...r.side]);
    if (asked.length) cliqueSeeds++;
  }
  assert.ok(cliqueSeeds > 0, 'no clique seed was ever grown: the test shows nothing');
});

test('near duplicates move together; never a test complex next to a train one', () => {
  // 0 = 1 (95 %), 1 - 2 (50 %), 3..11 alone.
  const g = graph(12, [
    [0, 1, 0.95],
    [1, 2, 0.5],
  ]);
  for (const seed of SEEDS) {
    for (const target of [1, 2, 3, 6]) {
      const r = seedAndExclude(g.group, g.neighbours, { seed, target, maxExcluded: 2, nearDuplicate: 0.9 });
      // Together, unless one was excluded as the neighbour of 2 in test first.
      if (r.side[0] !== EXCLUDED && r.side[1] !== EXCLUDED) assert.equal(r.side[0], r.side[1], `seed ${seed}, target ${target}`);
      assert.equal(sidesOf(r.side, TEST).length, target);
      for (let i = 0; i < 12; i++) for (const j of g.neighbours(i).keys()) assert.ok(!(r.side[i] === TEST && r.side[j] === TRAIN));
    }
  }
  // The same inputs and seed: the same sides.
  const a = seedAndExclude(g.group, g.neighbours, { seed: 3, target: 3, maxExcluded: 2, nearDuplicate: 0.9 });
  assert.deepEqual(seedAndExclude(g.group, g.neighbours, { seed: 3, target: 3, maxExcluded: 2, nearDuplicate: 0.9 }).side, a.side);
});

test('seeds are stratified: every prefix of the order holds each group in proportion, within 2', () => {
  const sizes = [60, 25, 10, 4, 1];
  const group = Int32Array.from(sizes.flatMap((m, g) => Array(m).fill(g)));
  for (const seed of [0, 1, 2]) {
    const order = seedOrder(group, seed);
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      [...group.keys()],
    );
    const count = new Array(sizes.length).fill(0);
    order.forEach((i, t) => {
      count[group[i]]++;
      sizes.forEach((m, g) =>
        assert.ok(Math.abs(count[g] - ((t + 1) * m) / group.length) <= 2, `seed ${seed}, prefix ${t + 1}, group ${g}`),
      );
    });
  }
});

// Protein-like chains: a family is an ancestor and copies with a share of residues changed.
const AA = 'ACDEFGHIKLMNPQRSTVWY';
function chain(rng: () => number, length: number): string {
  return Array.from({ length }, () => AA[Math.floor(rng() * 20)]).join('');
}
function mutate(rng: () => number, s: string, rate: number): string {
  return [...s].map((c) => (rng() < rate ? AA[Math.floor(rng() * 20)] : c)).join('');
}

test('the audit catches a planted leak, moves the train complex, and finds each nearest as the traceback alignment does', () => {
  const rng = generatorFor(['audit-test']);
  const seqs: string[] = [];
  for (let f = 0; f < 4; f++) {
    const a = chain(rng, 60 + 10 * f);
    seqs.push(a, mutate(rng, a, 0.3), mutate(rng, a, 0.6));
  }
  const items = seqs.map((s) => ({ pocket: [s], whole: null }));
  const ci = new ComplexIdentity(linkageData(items, { threshold: 0.3 }));
  // Test: 0 and 6; train all else. 1 (30 % changed from 0) is a planted leak of 0; 7 of 6.
  const side = new Uint8Array(seqs.length);
  side[0] = TEST;
  side[6] = TEST;
  // The complex first in order gives the first sequence, as the split aligns a pair.
  const truth = (i: number, j: number) => sequenceIdentity(seqs[Math.min(i, j)], seqs[Math.max(i, j)]);
  const expectedLeaks = [0, 6].flatMap((i) =>
    seqs
      .map((_, j) => j)
      .filter((j) => side[j] === TRAIN && truth(i, j) >= 0.3)
      .map((j) => [i, j]),
  );
  assert.ok(
    expectedLeaks.some(([i, j]) => i === 0 && j === 1),
    'the planted pair is at the threshold',
  );
  const a = auditSplit(ci, side, 0.3, true);
  assert.deepEqual(
    a.leaks.map((l) => [l.test, l.train]),
    expectedLeaks,
  );
  for (const l of a.leaks) assert.equal(l.identity, truth(l.test, l.train));
  assert.deepEqual(
    a.moved,
    [...new Set(expectedLeaks.map(([, j]) => j))].sort((x, y) => x - y),
  );
  for (const j of a.moved) assert.equal(side[j], EXCLUDED);
  assert.equal(a.pairs, 2 * 10);
  for (const i of [0, 6]) {
    const train = seqs.map((_, j) => j).filter((j) => side[j] === TRAIN);
    const best = Math.max(...train.map((j) => truth(i, j)));
    const n = a.nearest.get(i)!;
    assert.equal(n.identity, best);
    assert.equal(truth(i, n.index), best);
    assert.ok(best < 0.3);
    assert.equal(n.compared, 'pocket');
  }
  // Without fix: the leaks are reported, nothing moves.
  const side2 = new Uint8Array(seqs.length);
  side2[0] = TEST;
  const b = auditSplit(new ComplexIdentity(linkageData(items, { threshold: 0.3 })), side2, 0.3, false);
  assert.ok(b.leaks.length > 0);
  assert.deepEqual(b.moved, []);
  assert.equal(side2.filter((s) => s === EXCLUDED).length, 0);
});

test('splitByProtein on families: the aim reached, no test-train pair at 30 %, every test complex has its nearest', () => {
  const rng = generatorFor(['families-test']);
  const items: { id: string; pocket: string[]; whole: string[] | null }[] = [];
  let n = 0;
  for (let f = 0; f < 12; f++) {
    const a = chain(rng, 50 + 5 * f);
    for (let k = 0; k < 2 + (f % 5); k++)
      items.push({ id: `c${String(n++).padStart(3, '0')}`, pocket: [mutate(rng, a, 0.35)], whole: null });
  }
  const p = splitByProtein(items, new Map(items.map((i) => [i.id, 'all'])), { seed: 1, testShare: 0.2, threshold: 0.3, maxExcluded: 0.2 });
  const test = [...p.side].filter(([, s]) => s === 'test').map(([id]) => id);
  const train = [...p.side].filter(([, s]) => s === 'train').map(([id]) => id);
  assert.equal(test.length, p.target);
  assert.ok([...p.side.values()].filter((s) => s === 'excluded').length <= Math.floor(0.2 * items.length));
  const seq = new Map(items.map((i) => [i.id, i.pocket[0]]));
  // The complex first in id order gives the first sequence, as the split aligns a pair.
  const identity = (x: string, y: string) =>
    x < y ? sequenceIdentity(seq.get(x)!, seq.get(y)!) : sequenceIdentity(seq.get(y)!, seq.get(x)!);
  for (const t of test) {
    for (const r of train) assert.ok(identity(t, r) < 0.3, `${t} - ${r}`);
    const near = p.nearest.get(t)!;
    const identities = train.map((r) => identity(t, r));
    assert.equal(near.identity, Math.max(...identities));
    // Among equal identities, the first train complex in id order.
    assert.equal(near.id, train[identities.indexOf(near.identity)]);
  }
  assert.equal(p.audit.leaks.length, 0);
});

test('a complex with no chain of 30 residues is never drawn into test (nothing could show it held out): every test complex has its nearest', () => {
  const rng = generatorFor(['short-chains-test']);
  const items = [
    ...Array.from({ length: 12 }, (_, k) => ({ id: `long${String(k).padStart(2, '0')}`, pocket: [chain(rng, 60)], whole: null })),
    ...Array.from({ length: 12 }, (_, k) => ({ id: `short${String(k).padStart(2, '0')}`, pocket: [chain(rng, 20)], whole: null })),
  ];
  for (const seed of [0, 1, 2, 3, 4, 5]) {
    const p = splitByProtein(items, new Map(items.map((i) => [i.id, i.id])), { seed, testShare: 0.4, threshold: 0.3, maxExcluded: 0.2 });
    const test = [...p.side].filter(([, s]) => s === 'test').map(([id]) => id);
    assert.equal(test.length, p.target);
    assert.ok(
      test.every((id) => id.startsWith('long')),
      `seed ${seed}: ${test}`,
    );
    for (const id of test) assert.ok(p.nearest.get(id), `${id}: no nearest`);
  }
});

test('protein,scaffold: unrelated chains sharing a scaffold never straddle test and train; the audit catches a planted shared scaffold', () => {
  const rng = generatorFor(['scaffold-test']);
  const items = Array.from({ length: 40 }, (_, k) => ({ id: `u${String(k).padStart(2, '0')}`, pocket: [chain(rng, 60 + k)], whole: null }));
  // Unrelated chains; scaffolds in groups of four (u00-u03 share s0, ...), and u36-u39 alone.
  const scaffoldOf = new Map(items.map((it, k) => [it.id, k < 36 ? `s${Math.floor(k / 4)}` : `complex:${it.id}`]));
  for (const seed of [0, 1, 2, 3]) {
    const p = splitByProtein(items, new Map(items.map((i) => [i.id, i.id])), {
      seed,
      testShare: 0.2,
      threshold: 0.3,
      maxExcluded: 0.2,
      scaffoldOf,
    });
    const sides = new Map<string, Set<string>>();
    for (const [id, s] of p.side)
      if (s !== 'excluded') sides.set(scaffoldOf.get(id)!, (sides.get(scaffoldOf.get(id)!) ?? new Set()).add(s));
    for (const [g, s] of sides) assert.equal(s.size, 1, `seed ${seed}: scaffold ${g} on both sides`);
    assert.equal([...p.side.values()].filter((s) => s === 'test').length, 8);
    assert.equal(p.audit.leaks.length, 0);
  }
  // The audit alone: u00 test, u01 (same scaffold, unrelated chain) train: a leak by scaffold.
  const ci = new ComplexIdentity(
    linkageData(
      items.map((i) => ({ pocket: i.pocket, whole: null })),
      { threshold: 0.3 },
    ),
  );
  const side = new Uint8Array(40);
  side[0] = TEST;
  const a = auditSplit(ci, side, 0.3, true, (i) => (i < 4 ? [0, 1, 2, 3].filter((j) => j !== i) : []));
  assert.deepEqual(
    a.leaks.map((l) => [l.test, l.train, l.scaffold]),
    [
      [0, 1, true],
      [0, 2, true],
      [0, 3, true],
    ],
  );
  assert.deepEqual(a.moved, [1, 2, 3]);
});

test('the split by protein is the same on 1 and 3 threads, and with every neighbour question answered from whole rows', () => {
  // 400 synthetic complexes (families, near duplicates, multi-chain entries): rows large enough for worker threads.
  const { items } = buildSplitCorpus(400, 3);
  const groupOf = new Map(items.map((i) => [i.id, 'all']));
  const o = { seed: 2, testShare: 0.15, threshold: 0.3, maxExcluded: 0.2 };
  const one = splitByProtein(items, groupOf, { ...o, threads: 1 });
  const three = splitByProtein(items, groupOf, { ...o, threads: 3 });
  const full = splitByProtein(items, groupOf, { ...o, threads: 1, fullRows: true });
  const view = (p: typeof one) => ({ side: [...p.side], nearest: [...p.nearest], leaks: p.audit.leaks, moved: p.audit.moved });
  assert.deepEqual(view(three), view(one));
  assert.deepEqual(view(full), view(one));
  assert.equal(three.work.threads, 3);
  assert.ok(one.work.searchesFound > 0, 'no search ended early: the test shows nothing');
  assert.ok(full.work.rows > one.work.rows, `${full.work.rows} rows with whole rows only, ${one.work.rows} with searches`);
  assert.equal([...one.side.values()].filter((s) => s === 'test').length, one.target);
  assert.ok([...one.side.values()].filter((s) => s === 'excluded').length > 0);
});
