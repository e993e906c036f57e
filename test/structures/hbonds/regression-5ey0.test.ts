// 5ey0 pocket-ligand H-bonds: the list this project gave before the rule corrections of
// issue 15, which matches the paper's published ChimeraX list (9 of 9, no extra pair). It is
// kept literally here so that no later rule change moves it (skipped without ../shared).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatHBondList } from '../../../structures/hbonds/canonical-format.ts';
import { findHBonds } from '../../../structures/hbonds/find-hbonds.ts';
import { ingest } from '../../../structures/ingest.ts';
import type { HBondEnd } from '../../../structures/model.ts';
import { NEEDS_SHARED, SHARED } from '../../shared-structures.ts';

/** Ordered (donor -> acceptor) pairs as printed on 2026-12-01 before the changes. */
const EXPECTED = [
  'GTP 1 N1 -> VAL 22 O A',
  'GTP 1 N2 -> VAL 22 O A',
  'PHE 24 N A -> GTP 1 O6',
  'SER 43 OG A -> GTP 1 O2B',
  'ARG 44 N A -> GTP 1 O3G',
  'ARG 45 NE A -> GTP 1 O2G',
  'ARG 45 NH2 A -> GTP 1 O1B',
  'LYS 47 NZ A -> GTP 1 O1A',
  'LYS 158 NZ A -> GTP 1 O1G',
];

const end = (e: HBondEnd) =>
  `${e.residueName} ${e.residueNumber}${e.insertionCode} ${e.atomName}${e.side === 'pocket' ? ` ${e.chain}` : ''}`;

test('5ey0: the nine pocket-ligand H-bonds of the published ChimeraX list, donor and acceptor', { skip: NEEDS_SHARED }, async () => {
  const { complexes } = await ingest([join(SHARED, 'pdbbind/5ey0')]);
  const found = findHBonds(complexes[0]);
  assert.deepEqual(
    found.map((b) => `${end(b.donor)} -> ${end(b.acceptor)}`),
    EXPECTED,
  );
  assert.equal(
    formatHBondList(found),
    'VAL 22 O A, N1; VAL 22 O A, N2; PHE 24 N A, O6; SER 43 OG A, O2B; ARG 44 N A, O3G; ARG 45 NE A, O2G; ARG 45 NH2 A, O1B; LYS 47 NZ A, O1A; LYS 158 NZ A, O1G',
  );
});
