// manifest.json as generate and merge write it (pipeline/generate/manifest.ts builds it):
// the dataset's identity. Readers of a dataset made by an older misi-gen get a Partial of it.
import type { HBondOptions } from '../../structures/hbonds/find-hbonds.ts';
import type { Versions } from './versions.ts';

/** The options that change what is written (the run identity's, without seed and versions). */
export interface ManifestOptions {
  tasks: string[];
  /** Questions per complex as `TASK=TRAIN/TEST,...` (`TASK=TRAIN/TEST/VAL` where val's was given apart). */
  perComplex: string;
  testShare: number;
  splitBy?: string;
  clusterThreshold?: number | null;
  clusterEngine?: { name: string; version: string };
  limit: number | null;
  ligand: string | null;
  pocketRadius: number | null;
  pocketHydrogens: boolean | null;
  hbonds: HBondOptions;
  /** Image width and height, pixels, when every task has the same size; null when they differ. */
  size: number | null;
  /** Image size per task id, pixels (absent in manifests made before sizes per task). */
  imageSizes?: Record<string, number>;
  labelFontSize: number;
  /** Label layout when every task has the same one; null when they differ (a string in every manifest made before layouts per task). */
  labelLayout: string | null;
  /** Label layout per task id (absent in manifests made before layouts per task: all had `labelLayout`). */
  labelLayouts?: Record<string, string>;
  /** Label set per task id, `all`, `residues`, `ligand` or `none` (absent before: all). */
  labels?: Record<string, string>;
  antialias: string;
  /**
   * The annotation files' layout: `compact`, `full` or `none` (docs/annotations.md); absent
   * in manifests made before there was a choice, whose annotations are `full`.
   */
  annotations?: string;
  /** The PNG encoder's setting, `fast` or `small`; absent before there was a choice (renderer 10's Sub rows at zlib level 3). */
  pngCompression?: string;
  /** The tasks' own options (TaskModule.options), e.g. residueFraming, and any later option. */
  [taskOption: string]: unknown;
}

export interface Manifest {
  format: string;
  versions: Versions;
  seed: number;
  options: ManifestOptions;
  /** Every complex read, its side of the split and the sha256 of each source file. */
  complexes: { id: string; split: string; sources: string[] }[];
  /** The sha256 of split.json as generate (or merge) wrote it; `verify` names a replaced one
   * (absent in manifests made before it was recorded: not checked). */
  splitSha256?: string;
  counts: Record<string, { train: number; test: number; val?: number }>;
  replacements: Record<string, number>;
  questions: number;
  imageReferences: number;
  distinctImages: number;
  rejects: number;
  images: { path: string; sha256: string }[];
}
