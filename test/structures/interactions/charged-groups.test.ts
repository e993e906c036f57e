// The ligand's charged groups from its chemistry, on complexes of ../shared whose ligands say
// what they carry (their SMILES): a phosphonate and a carboxylate are anions, a benzamidine an
// amidinium, an aminoacyl ammonium a cation and its acyl sulfamate an anion; a sulfonamide N, a
// 2-aminoquinazolinone and an aryl ester carry no charge (PLIP 2.2 takes each of these three for
// a charged group: docs/interactions.md).
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { typedGraph } from '../../../structures/hbonds/find-hbonds.ts';
import { ingest } from '../../../structures/ingest.ts';
import { interactionSites } from '../../../structures/interactions/find-interactions.ts';
import { NEEDS_SHARED, SHARED } from '../../shared-structures.ts';

/** Complex -> its ligand's groups as `sign label`, sorted. */
const EXPECTED: Record<string, string[]> = {
  '1bzc': ['negative carboxylate', 'negative phosphate'], // difluoromethylphosphonate, C-terminal carboxylate
  '1c5z': ['positive amidinium'], // a benzamidine
  '1g2k': [], // two sulfonamide N, no amine
  '1r5y': [], // 2,6-diaminoquinazolin-4-one: aromatic amines, no guanidinium
  '3fcq': ['negative carboxylate'], // an aryl carboxylate beside an acetyl ester
  '3coy': ['negative anionic atom', 'positive amine'], // aminoacyl sulfamoyl adenosine
};

test('ligand charged groups follow the chemistry', { skip: NEEDS_SHARED }, async () => {
  const { complexes } = await ingest(Object.keys(EXPECTED).map((id) => resolve(SHARED, 'pdbbind', id)));
  assert.equal(complexes.length, Object.keys(EXPECTED).length);
  for (const c of complexes) {
    const g = typedGraph(c);
    const got = interactionSites(c, g)
      .charges.filter((q) => q.side === 'ligand')
      .map((q) => `${q.sign} ${q.label}`)
      .sort();
    assert.deepEqual(got, EXPECTED[c.id], c.id);
  }
});
