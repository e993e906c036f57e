// The ways a dataset can be split (`--split-by`), declared once: group-complexes.ts groups by
// them, split.json records one (split-file.ts's schema takes this list).
export const SPLIT_BY_ORDER = ['complex', 'scaffold', 'protein', 'protein,scaffold', 'time'] as const;
export type SplitBy = (typeof SPLIT_BY_ORDER)[number];
