// How much residue_ligand's verdict can be told without looking, for each way of choosing
// negatives (qa/residue-questions.ts: matched, stratified). Reads an ingested complexes.jsonl
// (`misi-gen ingest DIR --out OUT`: OUT/complexes.jsonl, H-bonds stored), plans every
// complex's residue questions at the default cap (40), splits 50/50 by complex id (sorted
// ids, alternate: even places train, odd test), and scores on test three partial-input
// baselines fitted on train alone:
//   distance: `Yes` when the residue's least heavy-atom distance to the ligand is under a
//             threshold (the train-best; ties: the lowest);
//   name:     the train majority verdict of the residue's name (a tie or an unseen name: the
//             train majority overall);
//   both:     the train-best threshold per residue name (names with under 10 train questions
//             take the overall one): name and distance together.
// No rendering. Prints one line per rule (per name window of `matched` with --windows, per
// tolerance of `paired` with --tolerances), with 95 % intervals (normal approximation).
// Run: node --import tsx scripts/measure-negatives.ts [complexes.jsonl] [--seed N]
//        [--windows 0,0.25,0.5,1] [--tolerances 0.1,0.2,0.3]
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { complexGenerator } from '../qa/complex-generator.ts';
import { type MatchRule, NAME_WINDOW, PAIR_TOLERANCE } from '../qa/matched-negatives.ts';
import { type NegativeRule, type ResidueQuestion, residueQuestions } from '../qa/residue-questions.ts';
import { RESIDUE_LIGAND } from '../qa/tasks/residue-ligand.ts';
import type { Complex } from '../structures/model.ts';
import { flagValue } from './flag-value.ts';

const CAP = 40;
interface Asked {
  name: string;
  d: number;
  yes: boolean;
}

async function readComplexes(path: string): Promise<Complex[]> {
  const out: Complex[] = [];
  for await (const line of createInterface({ input: createReadStream(path) })) if (line.trim()) out.push(JSON.parse(line) as Complex);
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

function asked(list: ResidueQuestion[]): Asked[] {
  return list.slice(0, CAP).map((q) => ({ name: q.name, d: q.minDistance, yes: q.pairs.length > 0 }));
}

/** The threshold under which `Yes` is most often right on `rows` (the lowest of the best). */
function bestThreshold(rows: Asked[]): number {
  const ds = [...new Set(rows.map((r) => r.d))].sort((a, b) => a - b);
  const cuts = [ds[0] - 1, ...ds.slice(1).map((d, i) => (d + ds[i]) / 2), ds[ds.length - 1] + 1];
  let best = cuts[0];
  let bestRight = -1;
  for (const t of cuts) {
    const right = rows.filter((r) => r.d < t === r.yes).length;
    if (right > bestRight) {
      best = t;
      bestRight = right;
    }
  }
  return best;
}

function majority(rows: Asked[]): boolean | undefined {
  const yes = rows.filter((r) => r.yes).length;
  return 2 * yes > rows.length ? true : 2 * yes < rows.length ? false : undefined;
}

function groupByName(rows: Asked[]): Map<string, Asked[]> {
  const m = new Map<string, Asked[]>();
  for (const r of rows) m.set(r.name, [...(m.get(r.name) ?? []), r]);
  return m;
}

const pct = (right: number, n: number) => {
  const p = right / n;
  return `${(100 * p).toFixed(1)} % +- ${(196 * Math.sqrt((p * (1 - p)) / n)).toFixed(1)}`;
};

function quartiles(xs: number[]): string {
  const s = xs.slice().sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * (s.length - 1)))].toFixed(2);
  return `${q(0)} / ${q(0.25)} / ${q(0.5)} / ${q(0.75)} / ${q(1)}`;
}

function measure(label: string, train: Asked[], test: Asked[]): void {
  const t = bestThreshold(train);
  const distance = test.filter((r) => r.d < t === r.yes).length;
  const overall = majority(train) ?? false;
  const names = new Map([...groupByName(train)].map(([n, rows]) => [n, majority(rows) ?? overall]));
  const name = test.filter((r) => (names.get(r.name) ?? overall) === r.yes).length;
  const perName = new Map([...groupByName(train)].filter(([, rows]) => rows.length >= 10).map(([n, rows]) => [n, bestThreshold(rows)]));
  const both = test.filter((r) => r.d < (perName.get(r.name) ?? t) === r.yes).length;
  const yes = test.filter((r) => r.yes);
  const no = test.filter((r) => !r.yes);
  console.log(
    `${label}: train ${train.length}, test ${test.length} (${yes.length} yes, ${no.length} no); distance (< ${t.toFixed(2)} A) ${pct(distance, test.length)}; name ${pct(name, test.length)}; name + distance ${pct(both, test.length)}`,
  );
  console.log(
    `  test distances (min / q1 / median / q3 / max, A): yes ${quartiles(yes.map((r) => r.d))}; no ${quartiles(no.map((r) => r.d))}`,
  );
}

const args = process.argv.slice(2);
const path = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? '/tmp/ing299/complexes.jsonl';
const seed = Number(flagValue(args, '--seed') ?? 0);
const windows = (flagValue(args, '--windows') ?? String(NAME_WINDOW)).split(',').map(Number);
const tolerances = (flagValue(args, '--tolerances') ?? String(PAIR_TOLERANCE)).split(',').map(Number);
const complexes = await readComplexes(path);
console.log(`${complexes.length} complexes from ${path}, seed ${seed}; train: even places of the sorted ids, test: odd`);
const runs: [string, NegativeRule, MatchRule | undefined][] = [
  ...windows.map((w): [string, NegativeRule, MatchRule] => [`matched (name window ${w} A)`, 'matched', { window: w }]),
  ...tolerances.map((t): [string, NegativeRule, MatchRule] => [`paired (tolerance ${t} A)`, 'paired', { window: 0, tolerance: t }]),
  ['stratified', 'stratified', undefined],
];
for (const [label, rule, match] of runs) {
  const train: Asked[] = [];
  const test: Asked[] = [];
  complexes.forEach((c, i) => {
    const list = residueQuestions(c, complexGenerator(seed, RESIDUE_LIGAND, c.id, 'residues'), rule, match);
    (i % 2 ? test : train).push(...asked(list));
  });
  measure(label, train, test);
}
const positives = complexes.reduce((n, c) => n + residueQuestions(c, () => 0.5, 'stratified').filter((q) => q.pairs.length).length, 0);
console.log(`bonded residues (every one asked by matched and stratified, under the cap of ${CAP}): ${positives}`);
