// SDF V2000 fields RDKit reads as numbers, checked before RDKit sees them: a mass difference,
// charge code or `M  CHG` entry that is not a whole number, and a charge code outside 0-7
// (RDKit would read `9` as -5), are errors with their line; every real SDF still passes.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkMolfile } from '../../structures/check-molfile.ts';
import { NEEDS_SHARED, SAMPLE, SHARED } from '../shared-structures.ts';

const SDF = join(SAMPLE, 'pdbbind/1hpv/1hpv_ligand.sdf');

test('bad V2000 mass differences, charge codes and M  CHG entries are located errors', () => {
  const lines = readFileSync(SDF, 'utf8').split('\n');
  assert.deepEqual(checkMolfile(lines.join('\n'), 'x.sdf'), []);
  const atomLine = (cols: [number, number], text: string) =>
    lines.map((l, i) => (i === 6 ? l.slice(0, cols[0]) + text + l.slice(cols[1]) : l));
  const withChg = (chg: string) => lines.flatMap((l) => (l.startsWith('M  END') ? [chg, l] : [l]));
  const cases: Array<[string[], number, string]> = [
    [atomLine([34, 36], ' x'), 7, "atom 3: mass difference 'x' is not a whole number (columns 35-36)"],
    [atomLine([36, 39], ' +a'), 7, "atom 3: charge code '+a' is not a whole number (columns 37-39)"],
    [atomLine([36, 39], '  9'), 7, "atom 3: charge code '9' is not 0-7 (columns 37-39)"],
    [withChg('M  CHG  1   3  x'), 147, "charge 'x' is not a whole number (M  CHG)"],
    [withChg('M  CHG  1  a3   1'), 147, "atom number 'a3' is not a whole number (M  CHG)"],
    [withChg('M  CHG  2   3   1'), 147, 'M  CHG says 2 entries but holds 1'],
    [withChg('M  CHG  1  71   1'), 147, 'M  CHG names atom 71; the molecule has 70'],
  ];
  for (const [edited, line, message] of cases) {
    assert.deepEqual(checkMolfile(edited.join('\n'), 'x.sdf'), [{ file: 'x.sdf', line, message }], message);
  }
  // A charge the file means: read as before.
  assert.deepEqual(checkMolfile(withChg('M  CHG  2   3   1  10  -1').join('\n'), 'x.sdf'), []);
});

test('every SDF of ../shared passes the numeric checks', { skip: NEEDS_SHARED }, () => {
  let n = 0;
  for (const layout of ['pdbbind', 'protein-ligand']) {
    for (const id of readdirSync(join(SHARED, layout)).sort()) {
      const f = join(SHARED, layout, id, `${id}_ligand.sdf`);
      if (!existsSync(f)) continue;
      assert.deepEqual(checkMolfile(readFileSync(f, 'latin1'), f), [], f);
      n++;
    }
  }
  assert.ok(n > 290, `${n} SDF files`);
});
