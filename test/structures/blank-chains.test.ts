// Chains without a chain id told apart (issue 45): PDBbind's 10gs pocket (a dimer, no chain
// ids) read residues of the two chains with one number as one residue, atoms renamed. Now a
// TER record, or a polymer residue numbered lower than the one before, starts a new chain;
// several such chains are named _1, _2 with a warning of kind `chains-named`. Checked through
// the CLI as a user runs it: the sample's 1hpv (chains A and B, one numbering) with its chain
// ids blanked, with and without TER, gives the bonds of the original with A and B written _1
// and _2; one chain followed by waters numbered lower stays one blank chain; 10gs (shared
// structures, when present) reads as two chains with no pocket atom renamed.

import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cli as inProcess } from '../cli-in-process.ts';
import { NEEDS_SHARED, REPO, SAMPLE, SHARED } from '../shared-structures.ts';

const cli = (...args: string[]) => inProcess(args, { cwd: REPO });
const root = mkdtempSync(join(tmpdir(), 'misi-blank-chains-'));
after(() => rmSync(root, { recursive: true, force: true }));

const ORIGINAL = join(SAMPLE, 'pdbbind/1hpv');
const isAtom = (l: string) => l.startsWith('ATOM  ') || l.startsWith('HETATM');
const blankChain = (l: string) => (isAtom(l) ? `${l.slice(0, 21)} ${l.slice(22)}` : l);

/** A PDBbind folder `1hpv` under root/name whose pocket is `pocket(lines of the original)`. */
function variant(name: string, pocket: (lines: string[]) => string[]): string {
  const dir = join(root, name, '1hpv');
  mkdirSync(dir, { recursive: true });
  for (const f of ['1hpv_ligand.mol2', '1hpv_ligand.sdf']) copyFileSync(join(ORIGINAL, f), join(dir, f));
  const lines = readFileSync(join(ORIGINAL, '1hpv_pocket.pdb'), 'utf8').split('\n');
  writeFileSync(join(dir, '1hpv_pocket.pdb'), pocket(lines).join('\n'));
  return dir;
}

async function bonds(dir: string): Promise<{ stdout: string; stderr: string }> {
  const r = await cli('hbonds', dir);
  assert.equal(r.status, 0, r.stderr);
  return { stdout: r.stdout.trim(), stderr: r.stderr };
}

/** The pocket residues of the one complex `ingest` reads from `dir`, and its warnings. */
async function ingested(dir: string, name: string) {
  const out = join(root, `ingest-${name}`);
  const r = await cli('ingest', dir, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const c = JSON.parse(readFileSync(join(out, 'complexes.jsonl'), 'utf8').split('\n')[0]);
  return { complex: c, stderr: r.stderr };
}

const original = (await bonds(ORIGINAL)).stdout;
const renamed = original.replace(/ A, /g, ' _1, ').replace(/ B, /g, ' _2, ');

test('the original 1hpv has bonds of both chains (the comparison means something)', async () => {
  assert.match(original, / A, /);
  assert.match(original, / B, /);
});

test('chain ids blanked, no TER: the second chain starts where the numbers run backward; bonds as the original, A and B as _1 and _2', async () => {
  const dir = variant('backward', (lines) => lines.map(blankChain));
  const r = await bonds(dir);
  assert.equal(r.stdout, renamed);
  assert.match(
    r.stderr,
    /2 chains without a chain id told apart \(residue numbers running backward\) and named _1 \w+ \d+ to \w+ \d+, _2 /,
  );
  assert.doesNotMatch(r.stderr, /renamed|made unique/);
  const { complex, stderr } = await ingested(dir, 'backward');
  const chains = new Set(complex.pocket.map((x: { chain: string }) => x.chain));
  assert.ok(chains.has('_1') && chains.has('_2'), [...chains].join(','));
  assert.ok(complex.warnings.some((w: { kind?: string }) => w.kind === 'chains-named'));
  assert.match(stderr, /chains without ids told apart \(named _1, _2, \.\.\.\) 1: 1hpv/);
});

test('chain ids blanked with a TER between the chains: told apart by the TER', async () => {
  let lastA = -1;
  const dir = variant('ter', (lines) => {
    lines.forEach((l, i) => {
      if (isAtom(l) && l[21] === 'A') lastA = i;
    });
    return [...lines.slice(0, lastA + 1), 'TER', ...lines.slice(lastA + 1)].map(blankChain);
  });
  const r = await bonds(dir);
  assert.equal(r.stdout, renamed);
  assert.match(r.stderr, /told apart \(a TER record\)/);
});

test('one chain without an id, then waters numbered lower: one chain, its id blank as before, no warning', async () => {
  const dir = variant('one-chain', (lines) => lines.filter((l) => !(isAtom(l) && l[21] === 'B')).map(blankChain));
  const r = await bonds(dir);
  assert.doesNotMatch(r.stderr, /told apart/);
  const { complex } = await ingested(dir, 'one-chain');
  assert.deepEqual([...new Set(complex.pocket.map((x: { chain: string }) => x.chain))], ['']);
  assert.ok(!complex.warnings.some((w: { kind?: string }) => w.kind === 'chains-named'));
});

test('10gs reads as two chains with no pocket atom renamed', { skip: NEEDS_SHARED }, async () => {
  const dir = join(SHARED, 'pdbbind/10gs');
  const { complex, stderr } = await ingested(dir, '10gs');
  const residues = complex.pocket as { chain: string; name: string; number: number; atoms: { name: string }[] }[];
  assert.deepEqual([...new Set(residues.map((x) => x.chain))].sort(), ['_1', '_2']);
  for (const x of residues)
    for (const a of x.atoms) assert.doesNotMatch(a.name, /_\d+$/, `${x.name} ${x.number} ${x.chain}: atom ${a.name}`);
  // Residue 70 of each chain, apart.
  assert.equal(residues.filter((x) => x.number === 70).length, 2);
  const pocketWarnings = complex.warnings.filter((w: { file: string }) => w.file.endsWith('_pocket.pdb'));
  assert.ok(!pocketWarnings.some((w: { kind?: string }) => w.kind === 'atoms-renamed'), JSON.stringify(pocketWarnings));
  assert.match(stderr, /chains without ids told apart/);
  const r = await bonds(dir);
  assert.match(r.stdout, / _1, /);
  assert.doesNotMatch(r.stderr, /repeats in residue/);
});

test('the scorer reads a bond of a generated chain as the answers write it', async () => {
  const { findPocketBonds } = await import('../../qa/scoring/read-bonds.ts');
  assert.deepEqual(
    [...findPocketBonds('ASP 98 OD2 _2, N; LEU 52 N _1, O_2; ASP 25 OD2 B, O3; SER 65 N _, O')],
    ['ASP 98 OD2 _2 N', 'LEU 52 N _1 O_2', 'ASP 25 OD2 B O3', 'SER 65 N _ O'],
  );
});
