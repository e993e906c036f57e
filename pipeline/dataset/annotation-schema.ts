// The annotation records as schemas (docs/annotations.md): the full record of one image
// (annotations/<key>.json), the compact layout's per-image record (annotations/<key>.json.gz)
// and its atom table (annotations/complex-<id>.json). renders/ writes them and declares their
// TypeScript types (annotation.ts, annotation-compact.ts, scene-labels.ts, scene-atoms.ts:
// renders/ is below pipeline/ and cannot import this); each type inferred here is checked
// below to be exactly renders' type, so the two cannot drift. read-annotation.ts checks every
// file it reads with these; docs/schemas/ publishes them.

import { z } from '../../qa/record-problems.ts';
import type { AnnotatedAtom, Annotation } from '../../renders/annotation.ts';
import type { AtomTable, CompactAnnotation, TableResidue } from '../../renders/annotation-compact.ts';
import type { LabelRecord } from '../../renders/scene-labels.ts';

const PART = z.enum(['pocket', 'ligand']);
const residueFields = { chain: z.string(), residueName: z.string(), residueNumber: z.number(), insertionCode: z.string() };

export const AnnotatedAtomSchema = z.object({
  part: PART,
  ...residueFields,
  atomName: z.string(),
  element: z.string(),
  x: z.number(),
  y: z.number(),
  depth: z.number(),
  visible: z.boolean(),
});

export const LabelRecordSchema = z.object({
  text: z.string(),
  kind: z.enum(['residue', 'ligand']),
  ...residueFields,
  atomName: z.string().optional().describe("The ligand atom's name; absent for a residue label"),
  anchor: z
    .object({ x: z.number(), y: z.number() })
    .describe("The labelled atom's projection (a residue: its CA, else its first drawn atom)"),
  box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).describe('The drawn box (text plus padding), whole pixels'),
  leader: z.boolean(),
  collides: z.boolean(),
  inside: z.boolean(),
  crowded: z.boolean(),
});

/** What the full and compact records share: the camera, the motions, the label layout. */
const sharedFields = {
  key: z.string(),
  complex: z.string(),
  subset: z.string(),
  view: z.string(),
  transform: z.string(),
  ligandTransform: z.string(),
  camera: z.object({
    projection: z.string(),
    fovDeg: z.number(),
    width: z.number(),
    height: z.number(),
    near: z.number(),
    far: z.number(),
    view: z.array(z.number()).describe('Model frame -> front-view eye frame, column-major'),
    projectionMatrix: z.array(z.number()),
  }),
  ligandMatrix: z.array(z.number()).describe("Eye frame -> eye frame: ligand's own motion, column-major"),
  sceneMatrix: z.array(z.number()).describe('Eye frame -> eye frame: scene transform then view rotation, column-major'),
  labelLayout: z.object({
    mode: z.string(),
    fontSize: z.number(),
    omitted: z.number().optional().describe('labels the clear layouts left out (clear and prefer-clear only)'),
  }),
  turnCentre: z.string(),
};

export const AnnotationSchema = z
  .object({
    ...sharedFields,
    atoms: z.array(AnnotatedAtomSchema),
    labels: z.array(LabelRecordSchema),
  })
  .describe('The full annotation of one image: annotations/<key>.json');

export const CompactAnnotationSchema = z
  .object({
    ...sharedFields,
    layout: z.literal('compact'),
    schema: z.number(),
    atoms: z.object({
      runs: z.array(z.number()).describe('Drawn atoms as runs over the table: [first, count, first, count, ...], in drawn order'),
      x: z.array(z.number()).describe("Thousandths, each the difference from the previous atom's value (the first from 0)"),
      y: z.array(z.number()),
      depth: z.array(z.number()),
      hidden: z.array(z.number()).describe('Positions (in drawn order) of the atoms that are not visible'),
    }),
    labels: z.object({
      atom: z.array(z.number()).describe('Position (in drawn order) of the atom each label sits on'),
      box: z.array(z.number()).describe('x, y, w, h of each box, whole pixels'),
      flags: z.array(z.number()).describe('Bits: 1 leader, 2 collides, 4 inside, 8 crowded'),
    }),
  })
  .describe('The per-image record of the compact layout: annotations/<key>.json.gz (gzipped JSON)');

export const TableResidueSchema = z.object({
  part: PART,
  ...residueFields,
  label: z.string().nullable().describe("The text of the residue's label; null for the ligand"),
  atoms: z.array(z.tuple([z.string(), z.string()])).describe("The atoms as [name, element], in the complex's order"),
});

export const AtomTableSchema = z
  .object({
    schema: z.number(),
    complex: z.string(),
    residues: z
      .array(TableResidueSchema)
      .describe("The pocket residues in order, then the ligand; atom index = position in the residues' atoms, concatenated"),
  })
  .describe('What every image of a complex shares in the compact layout: annotations/complex-<id>.json');

// The schemas and renders' types are the same types, field for field (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: [
  Same<z.infer<typeof AnnotatedAtomSchema>, AnnotatedAtom>,
  Same<z.infer<typeof LabelRecordSchema>, LabelRecord>,
  Same<z.infer<typeof AnnotationSchema>, Annotation>,
  Same<z.infer<typeof CompactAnnotationSchema>, CompactAnnotation>,
  Same<z.infer<typeof TableResidueSchema>, TableResidue>,
  Same<z.infer<typeof AtomTableSchema>, AtomTable>,
] = [true, true, true, true, true, true];
void agree;
