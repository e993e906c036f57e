// PDBbind's index files: lines written here in PDBbind's own layout (six header lines, two
// spaces between columns, `// ref.pdf (LIG)`), including NMR entries, approximate and bounded
// affinities and peptide ligands; lines that cannot be read become located diagnostics.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePdbbindIndex } from '../../structures/pdbbind-index.ts';

const INDEX = [
  '# ==============================================================================',
  '# List of protein-ligand complexes with known binding data in PDBbind v.2020',
  '# 5 protein-ligand complexes in total, sorted by binding data',
  '# Latest update: Dec 2020',
  '# PDB code, resolution, release year, -logKd/Ki, Kd/Ki, reference, ligand name',
  '# ==============================================================================',
  '3zzf  2.20  2012   0.40  Ki=400mM      // 3zzf.pdf (NLG)',
  '2mpa  NMR   2014   6.00  Kd~1uM        // 2mpa.pdf (5-mer)',
  '1abc  1.85  1998   5.00  IC50<10uM     // 1abc.pdf (0TX) incomplete ligand structure',
  '4xyz  3.10  2015  11.30  Kd>=5pM       // 4xyz.pdf (1-mer)',
  '5abc  2.05  2019   9.00  Ki>1nM        // 5abc.pdf (A1B2C)',
  '',
].join('\n');

test('PDBbind index lines give ids, resolutions, years, affinities and ligands', () => {
  const { entries, diagnostics } = parsePdbbindIndex(INDEX, 'INDEX_general_PL_data.2020');
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(
    entries.map((e) => [e.id, e.resolution, e.releaseYear, e.pKd, e.line]),
    [
      ['3zzf', 2.2, 2012, 0.4, 7],
      ['2mpa', null, 2014, 6, 8],
      ['1abc', 1.85, 1998, 5, 9],
      ['4xyz', 3.1, 2015, 11.3, 10],
      ['5abc', 2.05, 2019, 9, 11],
    ],
  );
  assert.deepEqual(
    entries.map((e) => e.affinity),
    [
      { kind: 'Ki', relation: '=', value: 400, unit: 'mM' },
      { kind: 'Kd', relation: '~', value: 1, unit: 'uM' },
      { kind: 'IC50', relation: '<', value: 10, unit: 'uM' },
      { kind: 'Kd', relation: '>=', value: 5, unit: 'pM' },
      { kind: 'Ki', relation: '>', value: 1, unit: 'nM' },
    ],
  );
  assert.deepEqual(
    entries.map((e) => e.ligand),
    [{ residueName: 'NLG' }, { peptideLength: 5 }, { residueName: '0TX' }, { peptideLength: 1 }, { residueName: 'A1B2C' }],
  );
  assert.equal(entries[0].reference, '3zzf.pdf');
  assert.equal(entries[2].note, 'incomplete ligand structure');
  assert.equal(entries[0].note, undefined);
});

test('lines that do not read are diagnostics naming file and line, the others still read', () => {
  const bad = [
    '# header',
    '1aaa  2.00  2001   4.00  Ki=1uM  1aaa.pdf (ABC)',
    '1bbb  high  2001   4.00  Ki=1uM  // 1bbb.pdf (ABC)',
    '1ccc  2.00  01     4.00  Ki=1uM  // 1ccc.pdf (ABC)',
    '1ddd  2.00  2001   four  Ki=1uM  // 1ddd.pdf (ABC)',
    '1eee  2.00  2001   4.00  Ki:1uM  // 1eee.pdf (ABC)',
    '1fff  2.00  2001   4.00  Ki=1kg  // 1fff.pdf (ABC)',
    '1ggg  2.00  2001   4.00  Ki=1uM  // 1ggg.pdf',
    '1hhh  2.00  2001   4.00  Ki=1uM  // 1hhh.pdf (A B)',
    'zz    2.00  2001   4.00  Ki=1uM  // zz.pdf (ABC)',
    '1iii  2.00  2001   Ki=1uM  // 1iii.pdf (ABC)',
    '1jjj  2.00  2001   4.00  Kd=20nM // 1jjj.pdf (XYZ)',
  ].join('\n');
  const { entries, diagnostics } = parsePdbbindIndex(bad, 'my.index');
  assert.deepEqual(
    entries.map((e) => e.id),
    ['1jjj'],
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.file, d.line]),
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((l) => ['my.index', l]),
  );
  const says = diagnostics.map((d) => d.message);
  assert.match(says[0], /no "\/\/"/);
  assert.match(says[1], /resolution "high"/);
  assert.match(says[2], /release year "01"/);
  assert.match(says[3], /-logKd\/Ki "four"/);
  assert.match(says[4], /affinity "Ki:1uM"/);
  assert.match(says[5], /unit "kg"/);
  assert.match(says[6], /no "\(ligand\)"/);
  assert.match(says[7], /ligand "\(A B\)"/);
  assert.match(says[8], /"zz" is not a PDB code/);
  assert.match(says[9], /expected 5 columns/);
});

test('Windows line ends and upper-case codes read the same', () => {
  const { entries, diagnostics } = parsePdbbindIndex('# h\r\n3ZZF  2.20  2012   0.40  Ki=400mM  // 3zzf.pdf (nlg)\r\n', 'x');
  assert.deepEqual(diagnostics, []);
  assert.equal(entries[0].id, '3zzf');
  assert.deepEqual(entries[0].ligand, { residueName: 'NLG' });
});
