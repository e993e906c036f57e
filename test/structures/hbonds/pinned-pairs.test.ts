// The pairs docs/hbond-criteria.md section 7 lists as pinning the corrected rules (Asp carboxyl H
// bonded by distance, peptide-ligand templates, COOH patterns, bond-order generic acceptors,
// tau symmetry 4): every one is found. Skipped without ../shared/structures.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { canonicalPairs, formatCanonicalPair } from '../../../structures/hbonds/canonical-format.ts';
import { findHBonds } from '../../../structures/hbonds/find-hbonds.ts';
import { ingest } from '../../../structures/ingest.ts';
import { NEEDS_SHARED, SHARED } from '../../shared-structures.ts';

const PINNED: Record<string, string[]> = {
  '1a30': ['ASP 25 OD1 A, OXT', 'ASP 25 OD2 A, OXT'],
  '1g2k': ['ASP 25 OD1 B, O31', 'ASP 25 OD2 B, O31'],
  '3nx7': ['ALA 182 O A, N1'],
  '2zcq': ['ASN 168 ND2 A, OAD', 'ASN 168 ND2 A, OAF'],
  '4wiv': ['CYS 136 SG A, N1'],
  '4jia': ['LEU 932 N A, N3'],
};

test('every pair of section 7 "Pairs that pin them" is found', { skip: NEEDS_SHARED }, async () => {
  const { complexes } = await ingest(Object.keys(PINNED).map((id) => join(SHARED, 'pdbbind', id)));
  assert.equal(complexes.length, Object.keys(PINNED).length);
  const missing: string[] = [];
  for (const c of complexes) {
    const found = new Set(canonicalPairs(findHBonds(c)).map(formatCanonicalPair));
    for (const p of PINNED[c.id]) if (!found.has(p)) missing.push(`${c.id} ${p}`);
  }
  assert.deepEqual(missing, []);
});
