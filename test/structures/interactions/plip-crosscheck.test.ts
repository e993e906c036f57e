// The interaction finder against PLIP (Debian's `plipcmd`) on a few complexes of
// ../shared/structures, as scripts/plip-crosscheck-interactions.ts does on all 299: each kind
// a complex was picked for is found by both, and every pair one side finds alone falls in a
// documented class of rule difference (none "unexplained"). What PLIP finds is PLIP's; which
// complexes show which kind was read off its reports. Skips without plipcmd or ../shared.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { compareComplex } from '../../../scripts/plip-interactions-compare.ts';
import { whyHereOnly, whyPlipOnly } from '../../../scripts/plip-interactions-explain.ts';
import { plipReport } from '../../../scripts/plip-run.ts';
import { ingest } from '../../../structures/ingest.ts';
import { NEEDS_SHARED, SHARED } from '../../shared-structures.ts';

function havePlip(): boolean {
  try {
    execFileSync('plipcmd', ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const SKIP = NEEDS_SHARED || (havePlip() ? false : 'plipcmd (Debian package plip) is not installed');

/** Complex -> the kinds PLIP reports for it that this finder must find too (pocket residue named). */
const PICKED: Record<string, Record<string, string>> = {
  '1bzc': { 'pi-stacking': 'TYR 46 A', hydrophobic: 'TYR 46 A' },
  '2wtv': { 'salt-bridge': 'LYS 220 A' },
  '1mq6': { 'halogen-bond': 'GLU 146 A' },
  '1lpg': { 'cation-pi': 'TYR 99 B' },
  '4tmn': { metal: 'ZN 322 E' },
};

const work = mkdtempSync(join(tmpdir(), 'misi-plip-test-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('PLIP and the finder agree on the picked complexes, and every difference has its class', { skip: SKIP }, async () => {
  const { complexes } = await ingest(Object.keys(PICKED).map((id) => resolve(SHARED, 'pdbbind', id)));
  assert.equal(complexes.length, Object.keys(PICKED).length);
  for (const c of complexes) {
    const report = await plipReport(c, work, { metals: true });
    const { graph, compared } = compareComplex(c, report.xml, report.serials);
    const plipAll = compared.flatMap((k) => [...k.both, ...k.onlyPlip]);
    for (const [kind, residue] of Object.entries(PICKED[c.id])) {
      const k = compared.find((x) => x.kind === kind)!;
      assert.ok(
        k.both.some((p) => p.residue === residue),
        `${c.id}: ${kind} with ${residue} found by both (both: ${k.both.map((p) => p.residue).join(', ') || 'none'})`,
      );
    }
    for (const k of compared) {
      for (const p of k.onlyHere)
        assert.doesNotMatch(whyHereOnly(c, graph, p, plipAll), /unexplained/, `${c.id} ${k.kind} here only: ${p.residue}`);
      for (const p of k.onlyPlip) assert.doesNotMatch(whyPlipOnly(c, graph, p), /unexplained/, `${c.id} ${k.kind} PLIP only: ${p.residue}`);
    }
  }
});
