// Broken inputs: real files (the bundled sample and, when present, ../shared) broken in more
// than 20 ways, each in a folder of its own beside intact copies, read by `misi-gen ingest`
// as a user would. Every input must end as exactly one good complex or exactly one reject
// whose reason is plain words; nothing may crash, print a stack or stop the others; inputs
// that are certainly broken must be rejected, tolerated oddities must be read. The closing
// summary counts rejects per stage, and --strict makes them exit status 3.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import seedrandom from 'seedrandom';
import { cli as inProcess } from '../cli-in-process.ts';
import { HAVE_SHARED, REPO, SAMPLE, SHARED } from '../shared-structures.ts';

const root = mkdtempSync(join(tmpdir(), 'misi-fuzz-'));
const inputs = join(root, 'in');
after(() => rmSync(root, { recursive: true, force: true }));

type Expect = 'good' | 'reject' | 'either';
interface Case {
  id: string;
  expect: Expect;
  stage?: RegExp;
  files: Record<string, Buffer | string | null>;
}
const cases: Case[] = [];
const rng = seedrandom('fuzz-inputs');

const read = (p: string) => readFileSync(p);
const HPV = join(SAMPLE, 'pdbbind/1hpv');
const pocket = read(join(HPV, '1hpv_pocket.pdb')).toString('latin1');
const mol2 = read(join(HPV, '1hpv_ligand.mol2')).toString('latin1');
const sdf = read(join(HPV, '1hpv_ligand.sdf')).toString('latin1');
const PGP = join(SAMPLE, 'protein-ligand/1pgp');
const pgpProtein = read(join(PGP, '1pgp_protein.pdb')).toString('latin1');
const pgpSdf = read(join(PGP, '1pgp_ligand.sdf')).toString('latin1');
const entry = read(join(SAMPLE, 'pdb-entries/3mht.pdb')).toString('latin1');

/** A byte offset strictly inside a line (not just after a line end) within [from, to). */
function midLine(text: string, from: number, to: number): number {
  for (;;) {
    const at = from + Math.floor(rng() * (to - from));
    if (text[at - 1] !== '\n' && text[at] !== '\n') return at;
  }
}
const section = (text: string, name: string) => [
  text.indexOf(`@<TRIPOS>${name}`) + name.length + 10,
  text.indexOf('@<TRIPOS>', text.indexOf(`@<TRIPOS>${name}`) + 5),
];
const atomLines = (text: string) =>
  text
    .split('\n')
    .map((l, i) => [l, i] as const)
    .filter(([l]) => /^(ATOM  |HETATM)/.test(l));
const editLine = (text: string, index: number, edit: (l: string) => string) =>
  text
    .split('\n')
    .map((l, i) => (i === index ? edit(l) : l))
    .join('\n');
const flipBytes = (text: string, n: number) => {
  const b = Buffer.from(text, 'latin1');
  for (let k = 0; k < n; k++) {
    const at = Math.floor(rng() * b.length);
    const flipped = b[at] ^ (1 << Math.floor(rng() * 8));
    b[at] = flipped === 0 ? b[at] ^ 0x40 : flipped; // a NUL would make every flip a binary file
  }
  return b;
};
const noise = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rng() * 256)));
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** A PDBbind folder from 1HPV with some files replaced (null: left out). */
function hpv(id: string, expect: Expect, change: Partial<Record<'pocket' | 'mol2' | 'sdf', Buffer | string | null>>, stage?: RegExp): void {
  const files: Case['files'] = { [`${id}_pocket.pdb`]: pocket, [`${id}_ligand.mol2`]: mol2, [`${id}_ligand.sdf`]: sdf };
  for (const [k, v] of Object.entries(change)) files[`${id}_${k === 'pocket' ? 'pocket.pdb' : `ligand.${k}`}`] = v;
  cases.push({ id, expect, stage, files });
}
/** A protein + SDF folder from 1PGP (the pocket is cut). */
function pgp(id: string, expect: Expect, change: { protein?: Buffer | string; sdf?: Buffer | string | null }, stage?: RegExp): void {
  cases.push({
    id,
    expect,
    stage,
    files: { [`${id}_protein.pdb`]: change.protein ?? pgpProtein, [`${id}_ligand.sdf`]: change.sdf === undefined ? pgpSdf : change.sdf },
  });
}

/** An mmCIF `_atom_site` loop written from PDB text (this test's own minimal writer). */
function toCif(text: string): string {
  const cols = [
    'group_PDB',
    'id',
    'type_symbol',
    'label_atom_id',
    'label_comp_id',
    'auth_asym_id',
    'auth_seq_id',
    'Cartn_x',
    'Cartn_y',
    'Cartn_z',
    'occupancy',
  ];
  const rows = atomLines(text).map(([l]) =>
    [
      l.slice(0, 6).trim(),
      l.slice(6, 11).trim(),
      l.slice(76, 78).trim(),
      `"${l.slice(12, 16).trim()}"`,
      l.slice(17, 20).trim(),
      l[21] === ' ' ? '.' : l[21],
      l.slice(22, 26).trim(),
      l.slice(30, 38).trim(),
      l.slice(38, 46).trim(),
      l.slice(46, 54).trim(),
      l.slice(54, 60).trim(),
    ].join(' '),
  );
  return ['data_X', 'loop_', ...cols.map((c) => `_atom_site.${c}`), ...rows, '#', ''].join('\n');
}

before(async () => {
  const [atomFrom, atomTo] = section(mol2, 'ATOM');
  const pocketAtoms = atomLines(pocket);
  const sdfLines = sdf.split('\n');
  const sdfCounts = sdfLines[3];
  const nAtoms = Number(sdfCounts.slice(0, 3));
  // Intact copies: read as good complexes whatever the broken ones beside them do.
  hpv('good-hpv', 'good', {});
  pgp('good-pgp', 'good', {});
  cases.push({ id: 'good-entry', expect: 'good', files: { 'good-entry.pdb': entry } });
  // 1-3 truncation at random byte offsets, inside a line.
  hpv('cut-pocket', 'reject', { pocket: pocket.slice(0, midLine(pocket, 2000, pocket.length - 200)) }, /read-pocket/);
  hpv('cut-mol2-atoms', 'reject', { mol2: mol2.slice(0, midLine(mol2, atomFrom, atomTo)), sdf: null }, /read-ligand/);
  pgp('cut-sdf', 'reject', { sdf: pgpSdf.slice(0, midLine(pgpSdf, 100, pgpSdf.indexOf('M  END'))) }, /read-ligand/);
  {
    // Cut in the blank columns after the B-factor: complete-looking, but the records before have elements.
    const at = pocket.indexOf('\n', pocket.length / 2) + 1;
    hpv('cut-pocket-col70', 'reject', { pocket: pocket.slice(0, at + 70) }, /read-pocket/);
  }
  // 4-6 empty files.
  hpv('empty-mol2', 'reject', { mol2: '', sdf: null }, /read-ligand/);
  pgp('empty-sdf', 'reject', { sdf: '' }, /read-ligand/);
  hpv('empty-pocket', 'reject', { pocket: '\n\n' }, /read-pocket/);
  // 7-9 binary noise, NUL bytes, UTF-16.
  hpv('noise-pocket', 'reject', { pocket: noise(5000) }, /read-pocket/);
  hpv('nul-mol2', 'reject', { mol2: mol2.slice(0, 300) + '\0\0\0' + mol2.slice(300), sdf: null }, /read-ligand/);
  hpv('utf16-pocket', 'reject', { pocket: utf16(pocket) }, /read-pocket/);
  // 10-11 wrong extension: a mol2 saved as .sdf, a PDB file named .cif.
  pgp('mol2-as-sdf', 'reject', { sdf: mol2 }, /read-ligand/);
  cases.push({ id: 'pdb-as-cif', expect: 'reject', stage: /read-entry/, files: { 'pdb-as-cif.cif': entry } });
  // 12-13 huge and NaN coordinates.
  hpv(
    'huge-pocket',
    'reject',
    { pocket: editLine(pocket, pocketAtoms[40][1], (l) => l.slice(0, 30) + '99999.99' + l.slice(38)) },
    /read-pocket/,
  );
  hpv('nan-mol2', 'reject', { mol2: mol2.replace(/(@<TRIPOS>ATOM\r?\n\s*\S+\s+\S+\s+)\S+/, '$1nan'), sdf: null }, /read-ligand/);
  pgp(
    'nan-sdf',
    'reject',
    {
      sdf: pgpSdf
        .split('\n')
        .map((l, i) => (i === 5 ? '       nan' + l.slice(10) : l))
        .join('\n'),
    },
    /read-ligand/,
  );
  // 14 duplicated atoms (mol2: the counts no longer match; PDB: read, the duplicate said or resolved).
  hpv('dup-mol2-atom', 'reject', { mol2: mol2.replace(/(@<TRIPOS>ATOM\r?\n)([^\n]*\n)/, '$1$2$2'), sdf: null }, /read-ligand/);
  hpv('dup-pocket-atom', 'either', { pocket: editLine(pocket, pocketAtoms[10][1], (l) => `${l}\n${l}`) });
  // 15-17 count mismatches and a missing M  END.
  hpv(
    'mol2-counts',
    'reject',
    { mol2: mol2.replace(/(@<TRIPOS>MOLECULE\r?\n[^\n]*\n\s*)(\d+)/, (_, a, n) => `${a}${Number(n) + 5}`), sdf: null },
    /read-ligand/,
  );
  pgp(
    'sdf-bond-count',
    'reject',
    {
      sdf: pgpSdf
        .split('\n')
        .map((l, i) => (i === 3 ? l.slice(0, 3) + String(Number(l.slice(3, 6)) + 3).padStart(3) + l.slice(6) : l))
        .join('\n'),
    },
    /read-ligand/,
  );
  hpv('sdf-no-m-end', 'reject', { mol2: null, sdf: sdf.replace(/^M {2}END.*$/m, '') }, /read-ligand/);
  hpv(
    'sdf-short-atoms',
    'reject',
    {
      mol2: null,
      sdf: [...sdfLines.slice(0, 3), (nAtoms + 2).toString().padStart(3) + sdfCounts.slice(3), ...sdfLines.slice(4)].join('\n'),
    },
    /read-ligand/,
  );
  // 18 a folder where a file should be.
  cases.push({
    id: 'dir-pocket',
    expect: 'reject',
    stage: /discover/,
    files: { 'dir-pocket_pocket.pdb/': null, 'dir-pocket_ligand.mol2': mol2 },
  });
  // 19-20 byte flips (anything may come of them, but one outcome each).
  hpv('flips-pocket', 'either', { pocket: flipBytes(pocket, 30) });
  hpv('flips-mol2', 'either', { mol2: flipBytes(mol2, 12), sdf: null });
  pgp('flips-sdf', 'either', { sdf: flipBytes(pgpSdf, 12) });
  // 21-22 garbage in the element columns, a non-numeric occupancy.
  hpv('element-garbage', 'reject', { pocket: editLine(pocket, pocketAtoms[5][1], (l) => l.slice(0, 76) + '#@') }, /read-pocket/);
  hpv(
    'occupancy-text',
    'reject',
    { pocket: editLine(pocket, pocketAtoms[7][1], (l) => l.slice(0, 54) + '  x.xx' + l.slice(60)) },
    /read-pocket/,
  );
  // 23 a ligand of hydrogens only (counts kept consistent).
  {
    const lines = mol2.split('\n');
    const [a0, a1] = [lines.findIndex((l) => l.startsWith('@<TRIPOS>ATOM')), lines.findIndex((l) => l.startsWith('@<TRIPOS>BOND'))];
    const hs = lines.slice(a0 + 1, a1).filter((l) => /\sH\s/.test(` ${l.trim().split(/\s+/)[5]} `));
    const m = lines.findIndex((l) => l.startsWith('@<TRIPOS>MOLECULE'));
    const text = [...lines.slice(0, m + 2), `${hs.length} 0 1 0 0`, ...lines.slice(m + 3, a0 + 1), ...hs, '@<TRIPOS>BOND', ''].join('\n');
    hpv('hydrogens-only', 'reject', { mol2: text, sdf: null }, /read-ligand/);
  }
  // 24-25 a ligand far from its protein: the cut pocket is empty; a pocket file that does not belong.
  pgp(
    'far-ligand',
    'reject',
    {
      sdf: pgpSdf
        .split('\n')
        .map((l, i) =>
          i >= 4 && i < 4 + Number(pgpSdf.split('\n')[3].slice(0, 3))
            ? (Number(l.slice(0, 10)) + 500).toFixed(4).padStart(10) + l.slice(10)
            : l,
        )
        .join('\n'),
    },
    /pocket-cut/,
  );
  hpv(
    'far-pocket',
    'reject',
    {
      pocket:
        pocketAtoms.map(([l]) => l.slice(0, 30) + (Number(l.slice(30, 38)) + 800).toFixed(3).padStart(8) + l.slice(38)).join('\n') +
        '\nEND\n',
    },
    /check/,
  );
  // 26-27 mmCIF: a loop cut mid-row, and a copy that reads.
  const cif = toCif(entry);
  const lastRow = cif.lastIndexOf('\n', cif.lastIndexOf('\n#') - 1);
  cases.push({
    id: 'cif-cut',
    expect: 'reject',
    stage: /read-entry/,
    files: { 'cif-cut.cif': cif.slice(0, midLine(cif, lastRow - 3000, lastRow)) },
  });
  cases.push({ id: 'cif-good', expect: 'good', files: { 'cif-good.cif': cif } });
  // 28-30 tolerated: CRLF line ends with a UTF-8 BOM, no END record and trailing blank lines, blank element columns.
  hpv('crlf-bom', 'good', { pocket: '\uFEFF' + pocket.replace(/\n/g, '\r\n'), mol2: mol2.replace(/\n/g, '\r\n') });
  hpv('no-end-blank-lines', 'good', { pocket: pocket.replace(/^END.*$/m, '') + '\n\n\n' });
  hpv('blank-elements', 'good', {
    pocket: pocket
      .split('\n')
      .map((l) => (/^(ATOM  |HETATM)/.test(l) ? l.slice(0, 76) : l))
      .join('\n'),
  });
  // 31 a last bond line cut mid-line (its atom numbers still parse).
  hpv(
    'cut-mol2-bond',
    'reject',
    { mol2: mol2.slice(0, mol2.indexOf('\n', mol2.indexOf('@<TRIPOS>BOND') + 20) - 2), sdf: null },
    /read-ligand/,
  );
  // 32-33 an SDF with no atoms (RDKit-JS throws on it), an element RDKit does not know.
  pgp('sdf-no-atoms', 'reject', { sdf: 'empty\n  misi-gen\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n$$$$\n' }, /read-ligand/);
  pgp(
    'sdf-odd-element',
    'either',
    {
      sdf: pgpSdf
        .split('\n')
        .map((l, i) => (i === 4 ? l.slice(0, 31) + 'Xx ' + l.slice(34) : l))
        .join('\n'),
    },
    /ligand-chemistry|read-ligand/,
  );
  // ../shared, when present: random truncations of real PDBbind files.
  if (HAVE_SHARED) {
    const ids = readdirSync(join(SHARED, 'pdbbind')).sort();
    for (let k = 0; k < 3; k++) {
      const src = ids[Math.floor(rng() * ids.length)];
      const p = read(join(SHARED, 'pdbbind', src, `${src}_pocket.pdb`)).toString('latin1');
      const m = read(join(SHARED, 'pdbbind', src, `${src}_ligand.mol2`)).toString('latin1');
      const [f, t] = section(m, 'ATOM');
      cases.push({
        id: `shared-cut-pocket-${src}`,
        expect: 'reject',
        files: {
          [`shared-cut-pocket-${src}_pocket.pdb`]: p.slice(0, midLine(p, 1000, p.length - 10)),
          [`shared-cut-pocket-${src}_ligand.mol2`]: m,
        },
      });
      cases.push({
        id: `shared-cut-mol2-${src}`,
        expect: 'reject',
        files: { [`shared-cut-mol2-${src}_pocket.pdb`]: p, [`shared-cut-mol2-${src}_ligand.mol2`]: m.slice(0, midLine(m, f, t)) },
      });
    }
  }
  for (const c of cases) {
    const dir = join(inputs, c.id);
    mkdirSync(dir, { recursive: true });
    for (const [name, body] of Object.entries(c.files)) {
      if (name.endsWith('/')) mkdirSync(join(dir, name), { recursive: true });
      else if (body !== null) writeFileSync(join(dir, name), body);
    }
  }
  writeFileSync(
    join(root, 'ligands.tsv'),
    'entry\tligand\ngood-entry\tSAH:A:328\ncif-good\tSAH:A:328\ncif-cut\tSAH:A:328\npdb-as-cif\tSAH:A:328\n',
  );
});

test('broken inputs among good ones: one outcome each, reasons in plain words, no crash, no stack', async () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  const out = join(root, 'out');
  const r = await inProcess(['ingest', inputs, '--out', out, '--ligands', join(root, 'ligands.tsv'), '--strict'], { cwd: REPO });
  // --strict: rejects make the exit status 3 (0 without it, as complexes were read).
  assert.equal(r.status, 3, r.stderr);
  assert.match(
    r.stderr,
    /ingest: \d+ rejects \(\d+ check, \d+ discover, \d+ pocket-cut, \d+ read-entry, \d+ read-ligand, \d+ read-pocket\) listed in .*rejects\.jsonl/,
  );
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, 'a stack trace on stderr');
  const complexes = readFileSync(join(out, 'complexes.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).id as string);
  const rejects = readFileSync(join(out, 'rejects.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const problems: string[] = [];
  for (const c of cases) {
    const good = complexes.filter((id) => id === c.id).length;
    const bad = rejects.filter((x) => x.id === c.id);
    if (good + bad.length !== 1) {
      problems.push(`${c.id}: ${good} complexes and ${bad.length} rejects`);
      continue;
    }
    if (c.expect === 'good' && !good) problems.push(`${c.id}: rejected (${bad[0].stage}: ${bad[0].reason}), should be read`);
    if (c.expect === 'reject' && good) problems.push(`${c.id}: read as a good complex, should be rejected`);
    for (const x of bad) {
      if (typeof x.reason !== 'string' || x.reason.trim().length < 10 || /undefined|\[object Object\]|NaN A|Infinity/.test(x.reason))
        problems.push(`${c.id}: reason '${x.reason}'`);
      if (x.internal) problems.push(`${c.id}: an unexpected exception (${x.stage}): ${x.reason}`);
      if (c.stage && !c.stage.test(x.stage)) problems.push(`${c.id}: stage ${x.stage}, expected ${c.stage} (${x.reason})`);
      if (!x.path) problems.push(`${c.id}: reject names no file`);
    }
  }
  if (process.env.FUZZ_SHOW) for (const x of rejects) console.log(`# ${x.id} ${x.stage}${x.internal ? ' INTERNAL' : ''}: ${x.reason}`);
  assert.deepEqual(problems, []);
  assert.ok(rejects.filter((x) => cases.some((c) => c.id === x.id)).length >= 25);
});
