// NeighbourRows (pipeline/split/neighbour-rows.ts), the state of the split by protein taken
// out of its closures, on the first 20 PDBbind complexes of ../shared: every row agrees with
// the exact identity of the pair asked directly (whatever order the rows are computed in),
// the cheap search answers as the rows do, the bounds a row proved are found from either end
// of the pair, and groupIndex names each group by its first member.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NeighbourRows, SCAFFOLD_LINK } from '../../pipeline/split/neighbour-rows.ts';
import { linkageItems } from '../../pipeline/split/protein-clusters.ts';
import { complexSequences } from '../../pipeline/split/protein-sequences.ts';
import { groupIndex, scaffoldLinks } from '../../pipeline/split/split-by-protein.ts';
import { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { sharedComplexes } from '../qa/sample-complexes.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';

// Low enough that the 20 complexes (several of one family) have links both ways.
const THRESHOLD = 0.3;

async function identity() {
  const items = await Promise.all((await sharedComplexes()).map((p) => complexSequences(p.complex)));
  const { sorted, items: linkage } = linkageItems(items);
  return { ids: sorted.map((s) => s.id), ci: new ComplexIdentity(linkageData(linkage, { threshold: THRESHOLD }), { threads: 1 }) };
}

/** The neighbours of i asked pair by pair, each against i alone. */
function direct(ci: ComplexIdentity, n: number, i: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let j = 0; j < n; j++) {
    if (j === i) continue;
    const f = ci.row(i, [j], THRESHOLD).identity[0];
    if (f >= THRESHOLD) out.set(j, f);
  }
  return out;
}

test("rows: each complex's neighbours are those of the exact identity, in any order of rows", { skip: NEEDS_SHARED }, async () => {
  const { ids, ci } = await identity();
  try {
    const n = ids.length;
    const expected = ids.map((_, i) => direct(ci, n, i));
    assert.ok(
      expected.some((m) => m.size > 0),
      'some pair reaches the threshold (else this test shows nothing)',
    );
    for (const order of [ids.map((_, i) => i), ids.map((_, i) => n - 1 - i), ids.map((_, i) => (i * 7) % n)]) {
      const rows = new NeighbourRows(n, ci, THRESHOLD, () => []);
      for (const i of order) {
        const got = rows.neighbours(i);
        assert.deepEqual(
          [...got.keys()].sort((a, b) => a - b),
          [...expected[i].keys()].sort((a, b) => a - b),
          `${ids[i]}`,
        );
        for (const [j, f] of got) assert.equal(f, expected[i].get(j));
        assert.equal(rows.neighbours(i), got, 'a row is computed once');
      }
      assert.equal(rows.rowCount, n);
    }
  } finally {
    ci.close();
  }
});

test('someNeighbour answers as the rows would, and proven bounds are found from either end', { skip: NEEDS_SHARED }, async () => {
  const { ids, ci } = await identity();
  try {
    const n = ids.length;
    const expected = ids.map((_, i) => direct(ci, n, i));
    const rows = new NeighbourRows(n, ci, THRESHOLD, () => []);
    // Half the complexes get rows first, so the search meets both kinds.
    for (let i = 0; i < n; i += 2) rows.neighbours(i);
    for (let b = 0; b < n; b++) {
      for (const wanted of [(j: number) => j % 2 === 1, (j: number) => j < n / 2, () => true, () => false]) {
        assert.equal(rows.someNeighbour(b, wanted), [...expected[b].keys()].some(wanted), `${ids[b]}`);
      }
    }
    assert.ok(rows.search.asked > 0);
    assert.equal(rows.search.asked >= rows.search.found + rows.search.rows, true);
    // Row 0 compared 0 with every other complex: its bounds answer for (0, j) and (j, 0).
    for (let j = 1; j < n; j++) {
      const f = rows.known(0, j);
      assert.equal(typeof f, 'number');
      assert.equal(rows.known(j, 0), f);
      if (expected[0].has(j)) assert.ok(f! >= expected[0].get(j)!, 'a bound is never below the identity');
    }
  } finally {
    ci.close();
  }
});

test('scaffold mates join a row as SCAFFOLD_LINK unless they are neighbours by identity', { skip: NEEDS_SHARED }, async () => {
  const { ids, ci } = await identity();
  try {
    const scaffoldOf = new Map(ids.map((id, i) => [id, i < 3 ? 'shared-scaffold' : `complex:${id}`]));
    const rows = new NeighbourRows(ids.length, ci, THRESHOLD, scaffoldLinks(ids, scaffoldOf));
    const row = rows.neighbours(0);
    for (const j of [1, 2]) assert.ok(row.has(j));
    const byIdentity = direct(ci, ids.length, 0);
    for (const j of [1, 2]) assert.equal(row.get(j), byIdentity.get(j) ?? SCAFFOLD_LINK);
  } finally {
    ci.close();
  }
});

test("groupIndex: each complex names its group by the index of the group's first member", () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  const groupOf = new Map([
    ['a', 'g1'],
    ['c', 'g1'],
    ['d', 'g2'],
    ['e', 'g2'],
  ]);
  assert.deepEqual([...groupIndex(ids, groupOf)], [0, 1, 0, 3, 3]);
});
