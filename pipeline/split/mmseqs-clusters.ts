// The split by protein through MMseqs2 (`--cluster-engine mmseqs`), for sets too large for
// the exact engine (quadratic in the number of complexes). MMseqs2 searches every chain
// against every chain (k-mer prefilter, then Smith-Waterman with BLOSUM62 and gaps 11/1 as
// ours, no masking, no composition correction); its hits are then read with our rules:
// identity = identical pairs / the shorter chain, the same threshold, whole chains compared
// when both complexes have them and pockets otherwise, single linkage over the links. The
// prefilter can miss a pair ours would link (fewer links, so a possible leak); the agreement
// with the exact engine is measured in docs/splits-export.md. The binary is found on PATH.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ComplexSequences } from './protein-sequences.ts';

/** MMseqs2 is not installed (not on PATH). */
export class MmseqsMissingError extends Error {}

export const MMSEQS_MISSING = 'the mmseqs cluster engine needs MMseqs2, and no `mmseqs` was found on PATH; install it (Debian/Ubuntu: apt-get install mmseqs2; conda: conda install -c bioconda mmseqs2) or use --cluster-engine exact';

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

/** Columns of two aligned strings with the same residue (gaps and X never count), as ours. */
function identities(a: string, b: string): number {
  let n = 0;
  for (let k = 0; k < a.length; k++) if (a[k] === b[k] && a[k] !== '-' && a[k] !== 'X') n++;
  return n;
}

export interface MmseqsClusters {
  clusterOf: Map<string, string>;
  version: string;
  compared: { chains: number; hits: number; links: number };
}

export async function clusterWithMmseqs(items: ComplexSequences[], o: { threshold: number; minLength?: number }): Promise<MmseqsClusters> {
  const version = mmseqsVersion();
  if (version === null) throw new MmseqsMissingError(MMSEQS_MISSING);
  const minLength = o.minLength ?? 30;
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // One FASTA record per chain, named <item index>.<p|w> (pocket or whole chain).
  const fasta: string[] = [];
  const hasWhole = sorted.map((it) => (it.whole ?? []).some((s) => s.length >= minLength));
  // Pockets are compared only in pairs where a complex lacks whole chains: when every
  // complex has them, no pocket is searched (its hits would all be dropped below).
  const pockets = hasWhole.some((w) => !w);
  sorted.forEach((it, i) => {
    if (pockets) for (const s of it.pocket) if (s.length >= minLength) fasta.push(`>${i}.p\n${s}\n`);
    for (const s of it.whole ?? []) if (s.length >= minLength) fasta.push(`>${i}.w\n${s}\n`);
  });
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const compared = { chains: fasta.length, hits: 0, links: 0 };
  const dir = await mkdtemp(join(tmpdir(), 'misi-gen-mmseqs-'));
  try {
    if (fasta.length > 0) {
      await writeFile(join(dir, 'chains.fasta'), fasta.join(''));
      const db = join(dir, 'db'), aln = join(dir, 'aln'), tsv = join(dir, 'hits.tsv');
      await run(['createdb', join(dir, 'chains.fasta'), db, '-v', '1']);
      await run(['search', db, db, aln, join(dir, 'tmp'), '-s', '7.5', '--max-seqs', '4000', '-e', '1e3', '--min-seq-id', String(o.threshold), '--seq-id-mode', '1', '-c', '0',
        '--alignment-mode', '3', '-a', '--gap-open', '11', '--gap-extend', '1', '--mask', '0', '--comp-bias-corr', '0', '--threads', String(availableParallelism()), '-v', '1']);
      // Identities counted here from the aligned strings (MMseqs2 14's `nident` column reads 0).
      await run(['convertalis', db, db, aln, tsv, '--format-output', 'query,target,qlen,tlen,qaln,taln', '-v', '1']);
      for await (const line of createInterface({ input: createReadStream(tsv) })) {
        const [q, t, qlen, tlen, qaln, taln] = line.split('\t');
        const [qi, qk] = q.split('.'), [ti, tk] = t.split('.');
        const a = Number(qi), b = Number(ti);
        if (a === b || qk !== tk) continue;
        compared.hits++;
        // Like with like: whole chains when both complexes have them, pockets otherwise.
        if ((hasWhole[a] && hasWhole[b]) !== (qk === 'w')) continue;
        if (identities(qaln, taln) / Math.min(Number(qlen), Number(tlen)) < o.threshold) continue;
        const ra = find(a), rb = find(b);
        if (ra !== rb) {
          parent[Math.max(ra, rb)] = Math.min(ra, rb);
          compared.links++;
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { clusterOf: new Map(sorted.map((it, i) => [it.id, sorted[find(i)].id])), version, compared };
}
