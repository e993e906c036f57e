// Cross-check of the interaction finder (structures/interactions/) against PLIP (Debian `plip`,
// command `plipcmd`), kind by kind: salt bridges, pi-stacking, cation-pi, halogen bonds,
// hydrophobic contacts, metal coordination (H-bonds: scripts/plip-crosscheck-hbonds.ts). For each
// complex, pocket + ligand (+ the metal ions near the ligand, as part of it) go to
// `plipcmd --nohydro -x` (scripts/plip-run.ts); its pairs and ours are matched
// (scripts/plip-interactions-compare.ts) and every pair one side finds alone is put in a class
// (scripts/plip-interactions-explain.ts). Prints the tables docs/interactions.md quotes.
//
// Usage: node --import tsx scripts/plip-crosscheck-interactions.ts [pdbbind-dir] [--work DIR] [--ids a,b] [--list]
// --list also prints every disagreement. PLIP's reports are cached in the work dir
// (default /tmp/misi-plip-interactions), so a rerun is quick.
import { ingest } from '../structures/ingest.ts';
import { COMPARED_KINDS, compareComplex } from './plip-interactions-compare.ts';
import { whyHereOnly, whyPlipOnly } from './plip-interactions-explain.ts';
import { plipReport } from './plip-run.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const k = args.indexOf(name);
  return k >= 0 ? args.splice(k, 2)[1] : undefined;
};
const work = flag('--work') ?? '/tmp/misi-plip-interactions';
const onlyIds = flag('--ids')?.split(',');
const list = args.includes('--list');
const root = args.filter((a) => a !== '--list')[0] ?? '../shared/structures/pdbbind';

const { complexes } = await ingest([root]);
const chosen = onlyIds ? complexes.filter((c) => onlyIds.includes(c.id)) : complexes;
const totals = new Map(COMPARED_KINDS.map((k) => [k, { both: 0, here: 0, plip: 0, unexplained: 0 }]));
const classes = new Map<string, number>();
const rows: string[] = [];
let failed = 0;
for (const c of chosen) {
  let report;
  try {
    report = await plipReport(c, work, { metals: true });
  } catch (e) {
    failed++;
    process.stderr.write(`${c.id}: PLIP failed: ${String((e as Error).message).split('\n')[0]}\n`);
    continue;
  }
  const { graph, compared } = compareComplex(c, report.xml, report.serials);
  const plipAll = compared.flatMap((k) => [...k.both, ...k.onlyPlip]);
  for (const k of compared) {
    const t = totals.get(k.kind)!;
    t.both += k.both.length;
    t.here += k.onlyHere.length;
    t.plip += k.onlyPlip.length;
    const note = (side: string, why: string, p: (typeof k.both)[number]) => {
      const key = `${k.kind} | ${side} | ${why}`;
      classes.set(key, (classes.get(key) ?? 0) + 1);
      if (why.includes('unexplained')) t.unexplained++;
      if (list) rows.push(`| ${c.id} | ${k.kind} | ${side} | ${p.residue} | ${p.ligand.join(' ')} | ${p.note} | ${why} |`);
    };
    for (const p of k.onlyHere) note('here only', whyHereOnly(c, graph, p, plipAll), p);
    for (const p of k.onlyPlip) note('PLIP only', whyPlipOnly(c, graph, p), p);
  }
}
const pct = (x: number, n: number) => (n ? `${((100 * x) / n).toFixed(1)} %` : '-');
const out: string[] = [];
out.push(
  '# Interactions: cross-check against PLIP',
  '',
  'Made by `node --import tsx scripts/plip-crosscheck-interactions.ts --list` (see docs/interactions.md).',
  '',
);
out.push(`Complexes: ${chosen.length - failed}${failed ? ` (PLIP failed on ${failed})` : ''}`, '');
out.push('| kind | both | here only | PLIP only | agreement (both / all pairs) | unexplained | both / (both + unexplained) |');
out.push('|---|---|---|---|---|---|---|');
for (const [kind, t] of totals) {
  const all = t.both + t.here + t.plip;
  out.push(
    `| ${kind} | ${t.both} | ${t.here} | ${t.plip} | ${pct(t.both, all)} | ${t.unexplained} | ${pct(t.both, t.both + t.unexplained)} |`,
  );
}
out.push('', '| count | kind | side | class |', '|---|---|---|---|');
for (const [key, n] of [...classes].sort((a, b) => a[0].localeCompare(b[0]) || b[1] - a[1])) out.push(`| ${n} | ${key} |`);
if (list) out.push('', '| complex | kind | side | residue | ligand atoms | note | class |', '|---|---|---|---|---|---|---|', ...rows);
process.stdout.write(out.join('\n') + '\n');
