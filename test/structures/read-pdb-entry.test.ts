// The PDB reader's entry-level items: models, serials past 99,999 (hybrid-36, `*****`),
// the release date, resolution and method, and what it rejects (an element that is none).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeHybrid36 } from '../../structures/hybrid-36.ts';
import { pdbDate } from '../../structures/pdb-entry-info.ts';
import { parsePdb } from '../../structures/read-pdb.ts';
import { NEEDS_SHARED, SHARED } from '../shared-structures.ts';

/** An ATOM/HETATM line in the format's columns. */
function atom(o: { rec?: string; serial: string; name: string; res: string; chain?: string; num: string; x: number; el: string }): string {
  const xyz = [o.x, 1, 1].map((v) => v.toFixed(3).padStart(8)).join('');
  return `${(o.rec ?? 'HETATM').padEnd(6)}${o.serial.padStart(5)} ${o.name.padEnd(4)} ${o.res.padStart(3)} ${o.chain ?? 'A'}${o.num.padStart(4)}    ${xyz}  1.00  0.00          ${o.el.padStart(2)}`;
}

test('hybrid-36 decodes as the scheme defines it; anything else is null', () => {
  assert.equal(decodeHybrid36('99999', 5), 99999);
  assert.equal(decodeHybrid36('A0000', 5), 100000);
  assert.equal(decodeHybrid36('A0001', 5), 100001);
  assert.equal(decodeHybrid36('A000Z', 5), 100035);
  assert.equal(decodeHybrid36('A0010', 5), 100036);
  assert.equal(decodeHybrid36('ZZZZZ', 5), 43770015); // 10^5 + 26 * 36^4 - 1
  assert.equal(decodeHybrid36('a0000', 5), 43770016);
  assert.equal(decodeHybrid36('A000', 4), 10000);
  assert.equal(decodeHybrid36('*****', 5), null);
  assert.equal(decodeHybrid36('Ab000', 5), null);
  assert.equal(decodeHybrid36('A00', 5), null);
});

test('serials past 99,999 (hybrid-36 or *****) and residue numbers past 9,999 are read; CONECT follows hybrid-36', () => {
  const text =
    [
      atom({ rec: 'ATOM', serial: '99999', name: ' N', res: 'GLY', num: '9999', x: 1, el: 'N' }),
      atom({ rec: 'ATOM', serial: 'A0000', name: ' CA', res: 'GLY', num: 'A000', x: 2.4, el: 'C' }),
      atom({ serial: 'A0001', name: ' C1', res: 'LIG', num: 'A001', x: 10, el: 'C' }),
      atom({ serial: 'A0002', name: ' C2', res: 'LIG', num: 'A001', x: 13, el: 'C' }),
      atom({ serial: '*****', name: ' O1', res: 'LIG', num: 'A001', x: 14.4, el: 'O' }),
      'CONECTA0001A0002',
      'CONECT*****A0002',
    ].join('\n') + '\n';
  const rec = parsePdb(text, 'big.pdb');
  assert.deepEqual(rec.errors, []);
  assert.deepEqual(
    rec.residues.map((r) => [r.name, r.number]),
    [
      ['GLY', 9999],
      ['GLY', 10000],
      ['LIG', 10001],
    ],
  );
  assert.deepEqual(
    rec.residues.flatMap((r) => r.atoms.map((a) => a.serial)),
    [99999, 100000, 100001, 100002, 100003],
  );
  assert.deepEqual(rec.conect, [[100001, 100002]]);
  assert.ok(rec.warnings.some((w) => /1 atoms have a serial that is neither/.test(w.message)));
  assert.ok(rec.warnings.some((w) => /1 CONECT bonds name a serial that is neither/.test(w.message)));
});

test('a serial shared by several atoms gives no CONECT bond, and that is said', () => {
  const text =
    [
      atom({ serial: '1', name: ' C1', res: 'LIG', num: '1', x: 1, el: 'C' }),
      atom({ serial: '2', name: ' C2', res: 'LIG', num: '1', x: 5, el: 'C' }),
      atom({ serial: '3', name: ' C3', res: 'LIG', num: '1', x: 9, el: 'C' }),
      atom({ serial: '1', name: ' O1', res: 'HOH', num: '2', x: 20, el: 'O' }),
      'CONECT    1    2',
      'CONECT    2    3',
    ].join('\n') + '\n';
  const rec = parsePdb(text, 'dup.pdb');
  assert.deepEqual(rec.conect, [[2, 3]]);
  assert.ok(rec.warnings.some((w) => /1 CONECT bonds name a serial that several atoms share \(1 such serials, e\.g\. 1\)/.test(w.message)));
});

test('later models: one warning at the second MODEL, nothing of them read; CONECT after the models still read', () => {
  const m = (k: number, x: number) => [
    `MODEL     ${String(k).padStart(4)}`,
    atom({ serial: '1', name: ' C1', res: 'LIG', num: '1', x, el: 'C' }),
    atom({ serial: '2', name: ' C2', res: 'LIG', num: '1', x: x + 1.5, el: 'C' }),
    'TER',
    'ENDMDL',
  ];
  const text = [...m(1, 1), ...m(2, 30), ...m(3, 60), 'CONECT    1    2', 'END'].join('\n') + '\n';
  const rec = parsePdb(text, 'nmr.pdb');
  const atoms = rec.residues.flatMap((r) => r.atoms);
  assert.deepEqual(
    atoms.map((a) => a.xyz[0]),
    [1, 2.5],
  );
  const said = rec.warnings.filter((w) => /models/.test(w.message));
  assert.equal(said.length, 1);
  assert.equal(said[0].line, 6);
  assert.match(said[0].message, /3 models; only the first was read \(4 atom records of later models skipped\)/);
  assert.deepEqual(rec.conect, [[1, 2]]);
});

test('an element symbol that is no element is an error naming the line; so is an atom name that names none', () => {
  const good = atom({ rec: 'ATOM', serial: '1', name: ' CA', res: 'GLY', num: '1', x: 1, el: 'C' });
  const bad = parsePdb([good, atom({ serial: '2', name: ' X1', res: 'LIG', num: '2', x: 4, el: 'Xx' })].join('\n') + '\n', 'el.pdb');
  assert.equal(bad.errors.length, 1);
  assert.equal(bad.errors[0].line, 2);
  assert.match(bad.errors[0].message, /'Xx', which is not an element symbol/);
  const noName = parsePdb([good, atom({ serial: '2', name: ' Q1', res: 'LIG', num: '2', x: 4, el: '' })].join('\n') + '\n', 'q.pdb');
  assert.equal(noName.errors[0].line, 2);
  assert.match(noName.errors[0].message, /no element for atom 'Q1'/);
});

test('PDB dates: DD-MMM-YY to ISO, two-digit years pivot at 70, impossible dates refused', () => {
  assert.equal(pdbDate('31-AUG-94'), '1994-08-31');
  assert.equal(pdbDate('08-FEB-17'), '2017-02-08');
  assert.equal(pdbDate('01-JAN-70'), '1970-01-01');
  assert.equal(pdbDate('29-FEB-01'), null);
  assert.equal(pdbDate('29-FEB-00'), '2000-02-29');
  assert.equal(pdbDate('12-Foo-99'), null);
});

test('entry facts: REVDAT 1 is the release; without it HEADER deposition date, said so; REMARK 2, EXPDTA', () => {
  const head = 'HEADER    HYDROLASE                               18-AUG-93   1ACJ              ';
  const body = atom({ rec: 'ATOM', serial: '1', name: ' CA', res: 'GLY', num: '1', x: 1, el: 'C' });
  const full =
    [
      head,
      'EXPDTA    X-RAY DIFFRACTION                                                     ',
      'REVDAT   2   01-APR-03 1ACJ    1       JRNL                                     ',
      'REVDAT   1   31-AUG-94 1ACJ    0                                                ',
      'REMARK   2                                                                      ',
      'REMARK   2 RESOLUTION.    2.80 ANGSTROMS.                                       ',
      body,
    ].join('\n') + '\n';
  assert.deepEqual(parsePdb(full, 'f.pdb').entry, {
    releaseDate: '1994-08-31',
    releaseDateSource: 'pdb-revdat',
    resolution: 2.8,
    method: 'X-RAY DIFFRACTION',
  });
  const headerOnly = parsePdb([head, 'REMARK   2 RESOLUTION. NOT APPLICABLE.', 'EXPDTA    SOLUTION NMR', body].join('\n') + '\n', 'h.pdb');
  assert.deepEqual(headerOnly.entry, { releaseDate: '1993-08-18', releaseDateSource: 'pdb-header-deposition', method: 'SOLUTION NMR' });
  assert.ok(headerOnly.warnings.some((w) => /deposition date \(1993-08-18\), which precedes the release/.test(w.message)));
  const pdbbind = parsePdb(['HEADER    10GS_PROTEIN', 'COMPND    10GS_PROTEIN', body].join('\n') + '\n', 'p.pdb');
  assert.equal(pdbbind.entry, undefined);
  assert.deepEqual(pdbbind.warnings, []);
  const badDate = parsePdb([head.replace('18-AUG-93', '18-XYZ-93'), body].join('\n') + '\n', 'b.pdb');
  assert.equal(badDate.entry, undefined);
  assert.ok(badDate.warnings.some((w) => w.line === 1 && /not DD-MMM-YY/.test(w.message)));
});

test('every whole entry of ../shared/structures/pdb-entries: the release date of its REVDAT 1, and its REMARK 2 resolution', {
  skip: NEEDS_SHARED,
}, () => {
  const dir = join(SHARED, 'pdb-entries');
  let dated = 0;
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.pdb'))
    .sort()) {
    const text = readFileSync(join(dir, name), 'utf8');
    const rec = parsePdb(text, name);
    assert.deepEqual(rec.errors, [], name);
    // Read the expected facts straight from the columns here, independently of the reader.
    const rev = text.split('\n').find((l) => /^REVDAT {3}1 {3}/.test(l));
    const res = /^REMARK {3}2 RESOLUTION\. +([\d.]+) ANGSTROMS/m.exec(text);
    if (!rev) {
      assert.equal(rec.entry?.releaseDateSource, /^HEADER.{44}\d\d-/m.test(text) ? 'pdb-header-deposition' : undefined, name);
      continue;
    }
    dated++;
    const [d, mon, y] = rev.slice(13, 22).split('-');
    const month = 'JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC'.indexOf(mon) / 3 + 1;
    const year = Number(y) >= 70 ? `19${y}` : `20${y}`;
    assert.equal(rec.entry?.releaseDate, `${year}-${String(month).padStart(2, '0')}-${d}`, name);
    assert.equal(rec.entry?.releaseDateSource, 'pdb-revdat', name);
    assert.equal(rec.entry?.resolution, res ? Number(res[1]) : undefined, name);
    assert.equal(rec.entry?.method, /^EXPDTA {4}(.*?)\s*$/m.exec(text)![1], name);
  }
  assert.ok(dated >= 50, `${dated} entries with REVDAT`);
});

test('the NMR entry 2ndo: model 1 only, one warning naming 10 models', { skip: NEEDS_SHARED }, () => {
  const path = join(SHARED, 'pdb-entries/2ndo.pdb');
  const text = readFileSync(path, 'utf8');
  const rec = parsePdb(text, path);
  const lines = text.split('\n');
  const end1 = lines.findIndex((l) => l.startsWith('ENDMDL'));
  const model1 = lines.slice(0, end1).filter((l) => /^(ATOM  |HETATM)/.test(l) && (l[16] === ' ' || l[16] === 'A')).length;
  assert.equal(
    rec.residues.reduce((s, r) => s + r.atoms.length, 0),
    model1,
  );
  const said = rec.warnings.filter((w) => /models/.test(w.message));
  assert.equal(said.length, 1);
  assert.match(said[0].message, /10 models/);
  assert.equal(rec.entry?.method, 'SOLUTION NMR');
  assert.equal(rec.entry?.resolution, undefined);
  assert.ok(rec.conect.length > 0, 'the CONECT records after the models are read');
});
