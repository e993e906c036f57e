// A synthetic whole-chain corpus for bench-split.ts (not a test): the sequences of N
// complexes as the split by protein sees them, built from a seed, so that the split can be
// measured on diverse families without reading 4,000 structure files (reading is measured
// in docs/scale.md). Its shape, chosen to be hard for single linkage:
// - superfamilies (ancestors), each with families derived from it with 45-60 % of residues
//   changed, so families of one superfamily are weakly related (around or below 30 %);
// - families of heavy-tailed sizes (many of 1-5 complexes, a few of 100-300), members derived
//   from the family's ancestor with 10-45 % changed, and short insertions and deletions;
// - near duplicates: ~10 % of complexes are a copy of another member with 1-3 % changed;
// - multi-chain entries: ~30 % of complexes carry one or two more chains, each a member of
//   another random family (a partner protein), which joins unrelated families;
// - chain lengths 80-320; every complex also gets a pocket (40 residues of its first chain),
//   unused by the comparison (all complexes have whole chains).

import { generatorFor } from '../pipeline/generate/seeds.ts';
import type { ComplexSequences } from '../pipeline/split/protein-sequences.ts';

const AA = 'ACDEFGHIKLMNPQRSTVWY';

export function buildSplitCorpus(n: number, seed = 1): { items: ComplexSequences[]; families: number } {
  const rng = generatorFor(['split-corpus', seed]);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const random = (length: number) => Array.from({ length }, () => AA[int(0, 19)]).join('');
  const mutate = (s: string, rate: number) => {
    let out = '';
    for (const c of s) {
      const r = rng();
      if (r < rate * 0.9) out += AA[int(0, 19)];
      else if (r < rate * 0.95)
        continue; // deletion
      else if (r < rate)
        out += c + random(int(1, 3)); // insertion
      else out += c;
    }
    return out;
  };
  // Family sizes: heavy-tailed (Pareto-like), until n complexes are covered.
  const sizes: number[] = [];
  for (let total = 0; total < n; ) {
    const size = Math.min(n - total, Math.max(1, Math.floor(1 / (1 - rng() * 0.997) ** 1.1)));
    sizes.push(size);
    total += size;
  }
  const supers: string[] = [];
  const ancestors = sizes.map(() => {
    if (supers.length === 0 || rng() < 0.4) supers.push(random(int(80, 320)));
    return mutate(supers[int(0, supers.length - 1)], 0.45 + 0.15 * rng());
  });
  const member = (f: number) => mutate(ancestors[f], 0.1 + 0.35 * rng());
  const chains: string[][] = [];
  sizes.forEach((size, f) => {
    for (let k = 0; k < size; k++) {
      const own = chains.length > 0 && rng() < 0.1 && k > 0 ? mutate(chains[chains.length - 1][0], 0.01 + 0.02 * rng()) : member(f);
      const list = [own];
      if (rng() < 0.3) for (let p = int(1, 2); p > 0; p--) list.push(member(int(0, sizes.length - 1)));
      chains.push(list);
    }
  });
  const items = chains.map((whole, i) => {
    const start = int(0, Math.max(0, whole[0].length - 40));
    return { id: `s${String(i).padStart(5, '0')}`, pocket: [whole[0].slice(start, start + 40)], whole };
  });
  return { items, families: sizes.length };
}
