// Seed and exclude: the sides of the split by protein. Instead of putting whole
// single-linkage groups on one side (one group can hold most of a corpus), test is grown from
// seeds drawn across every group, and the train neighbours of test (complexes at the
// threshold with a test complex) leave train for a third side, `excluded`:
// - Order of seeds: stratified by single-linkage group. Each group's members are shuffled,
//   and complex k of a group of size m gets the key (k + u) / m (u drawn per group), so that
//   walking the keys in order visits every group at a rate proportional to its size.
// - A seed's region: its near-duplicate unit (complexes joined at >= nearDuplicate, which
//   must move together), then grown in rounds: R's neighbours still in train are its
//   boundary B; the members of B whose own neighbours all lie in R or B (with their whole
//   unit) join R. Each round is an option (R to test, B to excluded).
// - The cap on a candidate's neighbours: an option is taken only when it fits what is left
//   of the test aim, its boundary fits what is left of the exclusion budget, and it excludes
//   at most (budget left) / (test places left) complexes per test complex (so a seed in a
//   dense family that would exclude its whole family is passed over). Of those, the one
//   excluding least per test complex (then the smaller) is taken.
// Neighbours are exact and complete (given by the caller, see split-by-protein.ts; the same
// for a complex every time they are asked for). Everything is a
// function of the complexes' order (sorted ids), the groups, the neighbours and the seed.
// Whether a boundary complex is interior only asks whether it has a train neighbour
// outside R and B: the caller may answer that without its whole row (`someNeighbour`,
// which must answer as its neighbours would).
import { shuffled } from '../../qa/random.ts';
import { generatorFor } from '../generate/seeds.ts';

export const TRAIN = 0,
  TEST = 1,
  EXCLUDED = 2;

export interface SeedExcludeOptions {
  seed: number;
  /** Test complexes aimed at. */
  target: number;
  /** At most this many complexes excluded. */
  maxExcluded: number;
  /** Identity (fraction) at which complexes are near duplicates and move together. */
  nearDuplicate: number;
  /** Rounds of growth of a region (default 4). */
  rounds?: number;
  /** Whether a complex may be a seed (default: all). */
  seedable?: (i: number) => boolean;
}

export interface SeedExcludeResult {
  /** TRAIN, TEST or EXCLUDED per complex. */
  side: Uint8Array;
  /** Seeds tried, and regions taken. */
  seeds: number;
  regions: number;
}

/** The order seeds are tried in: stratified by group (see above). `group[i]` names i's group by a member index. */
export function seedOrder(group: Int32Array, seed: number): number[] {
  const members = new Map<number, number[]>();
  for (let i = 0; i < group.length; i++) {
    const list = members.get(group[i]);
    if (list) list.push(i);
    else members.set(group[i], [i]);
  }
  const rng = generatorFor([seed, 'split', 'seeds']);
  const key = new Float64Array(group.length);
  for (const g of [...members.keys()].sort((a, b) => a - b)) {
    const list = shuffled(rng, members.get(g)!);
    const u = rng();
    list.forEach((i, k) => (key[i] = (k + u) / list.length));
  }
  return Array.from(group, (_, i) => i).sort((a, b) => key[a] - key[b] || a - b);
}

/** Whether complex i has a neighbour j with `wanted(j)`. */
export type SomeNeighbour = (i: number, wanted: (j: number) => boolean) => boolean;

export function seedAndExclude(
  group: Int32Array,
  neighbours: (i: number) => ReadonlyMap<number, number>,
  o: SeedExcludeOptions,
  someNeighbour?: SomeNeighbour,
): SeedExcludeResult {
  const n = group.length;
  const side = new Uint8Array(n);
  const tried = new Uint8Array(n);
  let test = 0,
    excluded = 0,
    seeds = 0,
    regions = 0;
  const inTrain = (i: number) => side[i] === TRAIN;
  const trainNeighbours = (i: number) => [...neighbours(i).keys()].filter(inTrain);
  const some: SomeNeighbour = someNeighbour ?? ((i, wanted) => [...neighbours(i).keys()].some(wanted));
  // A complex's neighbours at nearDuplicate (its neighbours are final once asked for).
  const close = new Map<number, number[]>();
  const nearDuplicates = (x: number) => {
    let list = close.get(x);
    if (!list) close.set(x, (list = [...neighbours(x)].filter(([, f]) => f >= o.nearDuplicate).map(([j]) => j)));
    return list;
  };
  /** The near-duplicate unit of i among train complexes (closure of links at nearDuplicate). */
  const unitOf = (i: number): number[] => {
    const unit = new Set([i]);
    for (const x of unit) for (const j of nearDuplicates(x)) if (inTrain(j)) unit.add(j);
    return [...unit];
  };
  for (const s of seedOrder(group, o.seed)) {
    const room = o.target - test;
    if (room <= 0) break;
    if (!inTrain(s) || tried[s] || (o.seedable && !o.seedable(s))) continue;
    seeds++;
    const budget = o.maxExcluded - excluded;
    const options = growRegion(
      unitOf(s),
      trainNeighbours,
      (b, inside) => !some(b, (j) => inTrain(j) && !inside(j)),
      unitOf,
      room,
      o.rounds ?? 4,
    );
    const fits = options.filter(
      (x) => x.region.length <= room && x.boundary.length <= budget && x.boundary.length * room <= budget * x.region.length,
    );
    fits.sort((a, b) => a.boundary.length * b.region.length - b.boundary.length * a.region.length || a.region.length - b.region.length);
    const best = fits[0];
    if (!best) {
      for (const i of options[0].region) tried[i] = 1;
      continue;
    }
    regions++;
    for (const i of best.region) side[i] = TEST;
    for (const i of best.boundary) side[i] = EXCLUDED;
    test += best.region.length;
    excluded += best.boundary.length;
  }
  return { side, seeds, regions };
}

interface RegionOption {
  region: number[];
  boundary: number[];
}

/** The options of one seed's unit: the region after each round of growth and its train boundary. */
function growRegion(
  unit: number[],
  trainNeighbours: (i: number) => number[],
  allInside: (i: number, inside: (j: number) => boolean) => boolean,
  unitOf: (i: number) => number[],
  room: number,
  rounds: number,
): RegionOption[] {
  const region = new Set(unit);
  const options: RegionOption[] = [];
  for (let round = 0; ; round++) {
    const boundary = new Set<number>();
    for (const r of region) for (const j of trainNeighbours(r)) if (!region.has(j)) boundary.add(j);
    const sorted = (x: Set<number>) => [...x].sort((a, b) => a - b);
    options.push({ region: sorted(region), boundary: sorted(boundary) });
    if (boundary.size === 0 || round >= rounds || region.size >= room) break;
    const inside = (j: number) => region.has(j) || boundary.has(j);
    // A near duplicate moves with its unit: a boundary complex joins only with all of it.
    const joins = (b: number, interior: Set<number>) => unitOf(b).every((x) => region.has(x) || interior.has(x));
    // Interior complexes one by one; once more of them surely join than there is room for
    // (they join whatever the rest of the boundary is), the growth ends as it would with all.
    const interior = new Set<number>();
    let sure = 0,
      pending: number[] = [];
    for (const b of boundary) {
      if (!allInside(b, inside)) continue;
      interior.add(b);
      pending.push(b);
      const waiting: number[] = [];
      for (const x of pending)
        if (joins(x, interior)) sure++;
        else waiting.push(x);
      pending = waiting;
      if (region.size + sure > room) break;
    }
    if (region.size + sure > room) break;
    const joining = [...interior].filter((b) => joins(b, interior));
    if (joining.length === 0 || region.size + joining.length > room) break;
    for (const b of joining) region.add(b);
  }
  return options;
}
