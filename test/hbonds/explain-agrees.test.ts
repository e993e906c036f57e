// `hbonds --explain` and the found set come from one decision, so they cannot disagree: on
// several complexes (the bundled sample always; metal, peptide-ligand and protonated-Asp
// complexes of ../shared when present) the CLI's explain lines cover every ordered
// ligand-pocket pair of polar atoms within 5 A, and its "H-bond" lines are exactly the bonds
// findHBonds returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { REPO, SAMPLE, SHARED, NEEDS_SHARED } from '../shared-structures.ts';
import { ingest } from '../../structures/ingest.ts';
import { findHBonds } from '../../structures/hbonds/find-hbonds.ts';
import { formatEnd } from '../../structures/hbonds/explain-complex.ts';
import type { Complex } from '../../structures/model.ts';

const run = promisify(execFile);
const BIN = resolve(REPO, 'pipeline/bin/misi-gen.js');

/** Ordered polar ligand-pocket pairs within 5 A, counted straight from the complex. */
function pairsWithin5(c: Complex): number {
  const polar = (e: string, h: boolean) => !h && (e === 'N' || e === 'O' || e === 'S');
  const lig = c.ligand.atoms.filter((a) => polar(a.element, a.isHydrogen));
  const pocket = c.pocket.flatMap((r) => r.atoms).filter((a) => polar(a.element, a.isHydrogen));
  let n = 0;
  for (const l of lig) for (const p of pocket) if (Math.hypot(l.xyz[0] - p.xyz[0], l.xyz[1] - p.xyz[1], l.xyz[2] - p.xyz[2]) <= 5) n += 2;
  return n;
}

async function check(dir: string): Promise<void> {
  const [{ stdout }, { complexes }] = await Promise.all([run('node', [BIN, 'hbonds', dir, '--explain'], { cwd: REPO, maxBuffer: 1 << 26 }), ingest([dir])]);
  const c = complexes[0];
  const lines = stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.equal(lines.length, pairsWithin5(c), `${c.id}: one line per ordered pair within 5 A`);
  for (const l of lines) assert.ok((l[1] === 'H-bond') === (l[2] === 'accepted'), `${c.id}: verdict and rule agree: ${l.join(' | ')}`);
  const explained = lines.filter((l) => l[1] === 'H-bond').map((l) => l[0]).sort();
  const found = findHBonds(c).map((b) => `${formatEnd(b.donor)} -> ${formatEnd(b.acceptor)}`).sort();
  assert.ok(found.length > 0, `${c.id} has H-bonds`);
  assert.deepEqual(explained, found, `${c.id}: explain's H-bonds are the found set`);
}

test('--explain agrees with the found set on the bundled sample', async () => {
  await check(join(SAMPLE, 'pdbbind/1hpv'));
});

test('--explain agrees with the found set on metal, peptide and protonated-Asp complexes', { skip: NEEDS_SHARED }, async () => {
  // 1a30 peptide ligand and Asp H; 4w9c and 3f3d zinc (3f3d a MET ligand); 2zcq, 3nx7, 4jia.
  for (const id of ['1a30', '4w9c', '3f3d', '2zcq', '3nx7', '4jia']) await check(join(SHARED, 'pdbbind', id));
});
