// manifest.json as generate and merge write it (pipeline/generate/manifest.ts builds it):
// the dataset's identity. Declared once, as a schema (qa/record-problems.ts): the type is
// inferred from it, read-dataset.ts checks a manifest with it (ManifestReadSchema: a dataset
// made by an older misi-gen may lack fields), docs/schemas/ publishes it.

import { z } from '../../qa/record-problems.ts';
import { SIDE_ORDER, type SideCounts } from '../../qa/split-names.ts';
import type { HBondOptions } from '../../structures/hbonds/find-hbonds.ts';
import { VersionsSchema } from './versions.ts';

/** The H-bond options (structures/hbonds/find-hbonds.ts's HBondOptions, checked equal below). */
export const HBondOptionsSchema = z.object({
  relax: z.boolean().optional(),
  distSlop: z.number().optional(),
  angleSlop: z.number().optional(),
  waters: z.boolean().optional(),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const hbondOptionsAgree: Same<z.infer<typeof HBondOptionsSchema>, HBondOptions> = true;
void hbondOptionsAgree;

/** Counts per side (qa/split-names.ts's SideCounts, checked equal below). */
export const SideCountsSchema = z.object({
  train: z.number(),
  test: z.number(),
  val: z.number().optional(),
  excluded: z.number().optional(),
});
const sideCountsAgree: Same<z.infer<typeof SideCountsSchema>, SideCounts> = true;
void sideCountsAgree;

/** The options that change what is written (the run identity's, without seed and versions). */
export const ManifestOptionsSchema = z.object({
  tasks: z.array(z.string()),
  /** Questions per complex as `TASK=TRAIN/TEST,...` (`TASK=TRAIN/TEST/VAL` where val's was given apart). */
  perComplex: z.string().describe("Questions per complex as TASK=TRAIN/TEST,... (TASK=TRAIN/TEST/VAL where val's was given apart)"),
  testShare: z.number(),
  splitBy: z.string().optional(),
  clusterThreshold: z.number().nullable().optional(),
  /** Most complexes the split by protein may exclude (`--max-excluded`). */
  maxExcluded: z.number().optional().describe('Most complexes the split by protein may exclude (--max-excluded)'),
  /** `val`: the split by protein's excluded complexes made a validation split (`--buffer val`). */
  buffer: z.string().optional().describe("val: the split by protein's excluded complexes made a validation split (--buffer val)"),
  /** Time split: test is released on or after this date (`--split-date`). */
  splitDate: z.string().nullable().optional().describe('Time split: test is released on or after this date (--split-date)'),
  clusterEngine: z.object({ name: z.string(), version: z.string() }).optional(),
  limit: z.number().nullable(),
  ligand: z.string().nullable(),
  pocketRadius: z.number().nullable(),
  pocketHydrogens: z.boolean().nullable(),
  hbonds: HBondOptionsSchema,
  /** Image width and height, pixels, when every task has the same size; null when they differ. */
  size: z.number().nullable().describe('Image width and height, pixels, when every task has the same size; null when they differ'),
  /** Image size per task id, pixels (absent in manifests made before sizes per task). */
  imageSizes: z
    .record(z.string(), z.number())
    .optional()
    .describe('Image size per task id, pixels (absent in manifests made before sizes per task)'),
  labelFontSize: z.number(),
  labelLayout: z
    .string()
    .nullable()
    .describe(
      'Label layout when every task has the same one; null when they differ (a string in every manifest made before layouts per task)',
    ),
  labelLayouts: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      'Label layout per task id: clear, prefer-clear, avoid or anchored (absent in manifests made before layouts per task: all had labelLayout)',
    ),
  labels: z
    .record(z.string(), z.string())
    .optional()
    .describe('Label set per task id: all, polar, residues, ligand or none (absent before label sets: all)'),
  /** The task options of the nine tasks (qa/tasks: TaskModule.options); a task loaded from outside adds its own beside them. */
  residueFraming: z.string().optional().describe('residue_ligand: how a residue question is framed (--residue-framing)'),
  negatives: z.string().optional().describe('residue_ligand: how its No questions are chosen (--negatives)'),
  decoys: z.string().optional().describe("The choice tasks' decoy options (--decoys)"),
  zoomDistance: z
    .string()
    .optional()
    .describe(
      'zooming: whether its question states the camera distance, stated or unstated (--zoom-distance; absent before the option: unstated)',
    ),
  antialias: z.string(),
  /**
   * The annotation files' layout: `compact`, `full` or `none` (docs/annotations.md); absent
   * in manifests made before there was a choice, whose annotations are `full`.
   */
  annotations: z
    .string()
    .optional()
    .describe("The annotation files' layout: compact, full or none (docs/annotations.md); absent before there was a choice (full)"),
  /** The PNG encoder's setting, `fast` or `small`; absent before there was a choice (renderer 10's Sub rows at zlib level 3). */
  pngCompression: z.string().optional().describe("The PNG encoder's setting, fast or small; absent before there was a choice"),
  /** `paper` when the run was asked for the paper's construction as one choice (`generate --paper`); absent otherwise, the separate flags included. */
  construction: z
    .literal('paper')
    .optional()
    .describe(
      "paper: the run was asked for the paper's construction as one choice (generate --paper; the options it sets are recorded beside it); absent otherwise",
    ),
});
export type ManifestOptions = z.infer<typeof ManifestOptionsSchema>;

export const ManifestSchema = z
  .object({
    format: z.string(),
    versions: VersionsSchema,
    seed: z.number(),
    options: ManifestOptionsSchema,
    /** Every complex read, its side of the split and the sha256 of each source file. */
    complexes: z
      .array(z.object({ id: z.string(), split: z.enum(SIDE_ORDER), sources: z.array(z.string()) }))
      .describe('Every complex read, its side of the split and the sha256 of each source file'),
    /** The sha256 of split.json as generate (or merge) wrote it; `verify` names a replaced one
     * (absent in manifests made before it was recorded: not checked). */
    splitSha256: z
      .string()
      .optional()
      .describe('The sha256 of split.json as generate (or merge) wrote it (absent in manifests made before it was recorded)'),
    counts: z.record(z.string(), SideCountsSchema).describe('Questions per task and split'),
    replacements: z.record(z.string(), z.number()),
    questions: z.number(),
    imageReferences: z.number(),
    distinctImages: z.number(),
    rejects: z.number(),
    images: z.array(z.object({ path: z.string(), sha256: z.string() })),
    /** The sha256 of every other file of the dataset (pipeline/dataset/dataset-files.ts: qa files,
     * annotations and atom tables, complexes.jsonl, rejects.jsonl), sorted by path; absent in
     * manifests made before it was recorded (their images and split.json alone are checked). */
    files: z
      .array(z.object({ path: z.string(), sha256: z.string() }))
      .optional()
      .describe(
        'The sha256 of every other file of the dataset (qa files, annotations and atom tables, complexes.jsonl, rejects.jsonl), sorted by path; absent in manifests made before it was recorded',
      ),
  })
  .describe("manifest.json: a dataset's identity (versions, seed, options, complexes, counts, the digest of every file)");
export type Manifest = z.infer<typeof ManifestSchema>;

/**
 * A manifest as readers take it: a dataset made by an older misi-gen may lack any field
 * (its options and versions too); what it holds must have the declared types.
 */
export const ManifestReadSchema = ManifestSchema.partial().extend({
  options: ManifestOptionsSchema.partial().optional(),
  versions: VersionsSchema.partial().optional(),
});
export type ReadManifest = z.infer<typeof ManifestReadSchema>;
