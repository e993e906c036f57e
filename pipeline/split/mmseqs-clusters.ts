// The split by protein through MMseqs2 (`--cluster-engine mmseqs`), for sets too large for
// the exact engine (quadratic in the number of complexes). MMseqs2's k-mer prefilter picks,
// for every chain, the chains it could be related to (no masking, no composition
// correction); only those candidate pairs are then compared, by the exact engine's own
// bound and alignment (structures/grouping/candidate-linkage.ts), with its rules: identity
// over the shorter chain, the same threshold, whole chains when both complexes have them and
// pockets otherwise, single linkage. So every link is one the exact engine makes too; the
// prefilter can miss a pair it would link (fewer links, so a possible leak), measured in
// docs/splits-export.md. The binary is found on PATH.

import { spawn, spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BLOSUM62_ALPHABET } from '../../structures/grouping/blosum62.ts';
import { type CandidateStats, linkCandidates } from '../../structures/grouping/candidate-linkage.ts';
import { hasWholeChains } from '../../structures/grouping/linkage-rows.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { KnownError } from '../../structures/known-error.ts';
import { linkageItems } from './protein-clusters.ts';
import type { ComplexSequences } from './protein-sequences.ts';

/** MMseqs2 is not installed (not on PATH). */
export class MmseqsMissingError extends KnownError {}

export const MMSEQS_MISSING =
  'the mmseqs cluster engine needs MMseqs2, and no `mmseqs` was found on PATH; install it (Debian/Ubuntu: apt-get install mmseqs2; conda: conda install -c bioconda mmseqs2) or use --cluster-engine exact';

/** The installed MMseqs2's version (`mmseqs version`), or null when there is none on PATH. */
export function mmseqsVersion(): string | null {
  const r = spawnSync('mmseqs', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('mmseqs', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    p.once('error', reject);
    p.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`mmseqs ${args[0]} failed (exit code ${code}): ${err.trim()}`))));
  });
}

export interface MmseqsClusters {
  clusterOf: Map<string, string>;
  /** MMseqs2's version and the prefilter's settings (what decides which pairs are looked at). */
  version: string;
  compared: { chains: number; hits: number } & Omit<CandidateStats, 'candidates'>;
}

/** Sensitivity and hits per chain of the prefilter: see docs/splits-export.md ("Cluster engines"). */
export const MMSEQS_PREFILTER = { sensitivity: 5.7, maxSeqs: 1000 };
/** A chain's best this-many prefilter hits are compared before all others (see linkCandidates). */
const FIRST_HITS = 16;

export async function clusterWithMmseqs(items: ComplexSequences[], o: { threshold: number; minLength?: number }): Promise<MmseqsClusters> {
  const installed = mmseqsVersion();
  if (installed === null) throw new MmseqsMissingError(MMSEQS_MISSING);
  const version = `${installed} prefilter -s ${MMSEQS_PREFILTER.sensitivity} --max-seqs ${MMSEQS_PREFILTER.maxSeqs}; exact identity`;
  const { sorted, items: linkage } = linkageItems(items, o.minLength);
  const d = linkageData(linkage, { threshold: o.threshold });
  const n = sorted.length;
  // Two searches: whole chains against whole chains, and, for the pairs where a complex
  // lacks whole chains (compared on pockets), the pockets of those complexes against every
  // pocket. Chains are named by their index in `d`.
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
  const wholeChains = range(d.wholeStart[0], d.chainItem.length);
  const lacking: number[] = [];
  for (let i = 0; i < n; i++) if (!hasWholeChains(d, i)) lacking.push(...range(d.pocketStart[i], d.pocketStart[i + 1]));
  const searches = [
    { name: 'whole', queries: wholeChains, targets: wholeChains },
    { name: 'pocket', queries: lacking, targets: lacking.length ? range(0, d.wholeStart[0]) : [] },
  ].filter((x) => x.queries.length > 0 && x.targets.length > 0);
  const fastaOf = (chains: number[]) =>
    chains
      .map((c) => {
        let text = '';
        for (let k = d.chainStart[c]; k < d.chainStart[c + 1]; k++) text += BLOSUM62_ALPHABET[d.residues[k]];
        return `>${c}\n${text}\n`;
      })
      .join('');
  const searched = new Set(searches.flatMap((x) => [...x.queries, ...x.targets])).size;
  const queries: number[] = [],
    targets: number[] = [],
    first: number[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'misi-gen-mmseqs-'));
  try {
    for (const x of searches) {
      const db = (role: string) => join(dir, `${x.name}-${role}`);
      const qdb = db('queries');
      await writeFile(`${qdb}.fasta`, fastaOf(x.queries));
      await run(['createdb', `${qdb}.fasta`, qdb, '-v', '1']);
      let tdb = qdb;
      if (x.targets !== x.queries) {
        tdb = db('targets');
        await writeFile(`${tdb}.fasta`, fastaOf(x.targets));
        await run(['createdb', `${tdb}.fasta`, tdb, '-v', '1']);
      }
      const pref = join(dir, `${x.name}-pref`),
        tsv = join(dir, `${x.name}-hits.tsv`);
      // Only the k-mer prefilter: its hits are the candidate pairs, aligned by our own kernel.
      await run([
        'prefilter',
        qdb,
        tdb,
        pref,
        '-s',
        String(MMSEQS_PREFILTER.sensitivity),
        '--max-seqs',
        String(MMSEQS_PREFILTER.maxSeqs),
        '--mask',
        '0',
        '--comp-bias-corr',
        '0',
        '--threads',
        String(availableParallelism()),
        '-v',
        '1',
      ]);
      await run(['createtsv', qdb, tdb, pref, tsv, '-v', '1']);
      // A query's hits come together, best first.
      let previous = -1,
        rank = 0;
      for await (const line of createInterface({ input: createReadStream(tsv) })) {
        const tab = line.indexOf('\t');
        if (tab < 0) continue;
        const q = Number(line.slice(0, tab));
        rank = q === previous ? rank + 1 : 0;
        previous = q;
        first.push(rank < FIRST_HITS ? 1 : 0);
        queries.push(q);
        targets.push(Number(line.slice(tab + 1, line.indexOf('\t', tab + 1))));
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const r = linkCandidates(d, Int32Array.from(queries), Int32Array.from(targets), Uint8Array.from(first));
  const { candidates, ...rest } = r.stats;
  return {
    clusterOf: new Map(sorted.map((it, i) => [it.id, sorted[r.root[i]].id])),
    version,
    compared: { chains: searched, hits: candidates, ...rest },
  };
}
