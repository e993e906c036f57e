// The library API: `import { ingest, findHBonds, generate, ... } from 'misi-gen'` (package.json
// `exports`). A small, stable set for users who drive runs from their own code or add a task
// of their own; everything else is internal and may change. docs/api.md describes each name
// and has an example of a tenth task written outside the package.

// Reading structures and their hydrogen bonds.
export { ingest, loadOneComplex, IngestUsageError, type IngestOptions, type IngestResult, type Reject } from '../structures/ingest.ts';
export type { Atom, Complex, HBond, Ligand, LigandAtom, Residue } from '../structures/model.ts';
export { findHBonds, type HBondOptions } from '../structures/hbonds/find-hbonds.ts';
export { formatHBondList } from '../structures/hbonds/canonical-format.ts';
export { SAMPLE_DIR, SAMPLE_LIGANDS } from '../structures/sample-path.ts';

// Drawing scenes.
export { RenderPool, type PoolOptions } from '../renders/render-pool.ts';
export { renderScenes, type FileOutcome, type FileRenderOptions, type RenderOptions, type RenderOutcome, type RenderRequest } from '../renders/render-scenes.ts';
export { complexCamera } from '../renders/scene-atoms.ts';
export { makeStyle, type Style } from '../renders/style.ts';
export { formatCommands, parseCommands, type Command } from '../renders/commands.ts';
export type { SceneSpec } from '../renders/scene-spec.ts';
export { NoBrowserError } from '../renders/browser.ts';

// Tasks: the nine, and what a new one is made of.
export { TASKS } from '../qa/tasks/index.ts';
export { allTasks, registerTask, taskById, TaskDefinitionError } from '../qa/task-registry.ts';
export type { AskedQuestion, PlanResult, PreparedComplex, QuestionPlan, Split, TaskContext, TaskModule, TaskOption, Truth } from '../qa/task.ts';
export { choiceScorer, commandScorer, exactTextScorer, type ScoredReply, type TaskScorer } from '../qa/scoring/task-scorers.ts';
export { rotationScore, translationScore } from '../qa/scoring/transform-scores.ts';
export { scene, threeViews, type SceneParts } from '../qa/scenes.ts';
export { drawIndex, drawOne, type Rng } from '../qa/random.ts';
export { deckEntry } from '../qa/draw-deck.ts';
export { anchoredOptions, DECOYS_OPTION, decoyMode, type AnchoredSet, type Change, type DecoyMode } from '../qa/anchored-options.ts';
export { auditDataset, type AuditReport, type TaskAudit } from './audit/audit-dataset.ts';

// Whole runs, and what comes after them.
export { generate, type GenerateOptions, type GenerateSummary } from './generate/run-generate.ts';
export { DEFAULT_SEED } from './generate/seeds.ts';
export { planQuestion, type PlanQuestionOptions } from './generate/plan-question.ts';
export { DEFAULT_TEST_SHARE } from './generate/split.ts';
export { verifyDataset, type VerifyReport } from './verify/verify-dataset.ts';
export { readQaSplit } from './dataset/read-dataset.ts';
export { AnnotationReader, AnnotationReadError, readImageAnnotation } from './dataset/read-annotation.ts';
export type { AnnotationLayout } from './dataset/layout.ts';
export type { AnnotatedAtom, Annotation } from '../renders/annotation.ts';
export { expandAnnotation, type AtomTable, type CompactAnnotation } from '../renders/annotation-compact.ts';
export { readPredictionLines } from '../qa/scoring/prediction-lines.ts';
export { scoreSplit, type SplitScore } from '../qa/scoring/score-split.ts';
export { FORMATS, runExport, type ExportFormat, type ExportOptions, type ExportSummary } from './export/run-export.ts';
export { PACKAGE_VERSION } from './package-version.ts';

// The records a dataset is made of, each declared once as a schema (zod): the type, the check
// the readers run, and the JSON Schema of docs/schemas/ (docs/schemas.md).
export { PUBLISHED_SCHEMAS, jsonSchemaText, type PublishedSchema } from './record-schemas.ts';
export { recordProblems } from '../qa/record-problems.ts';
export { AnswerRecordSchema, QaRecordSchema, RecordOptionSchema, type AnswerRecord, type QaRecord, type RecordOption } from './dataset/question-record.ts';
export { ManifestOptionsSchema, ManifestReadSchema, ManifestSchema, type Manifest, type ManifestOptions, type ReadManifest } from './dataset/manifest-type.ts';
export { VersionsSchema, type Versions } from './dataset/versions.ts';
export { AnnotationSchema, AtomTableSchema, CompactAnnotationSchema } from './dataset/annotation-schema.ts';
export { SplitFileSchema, type SplitFile } from './split/split-file.ts';
export { RunFileSchema, RunIdentitySchema, type RunIdentity } from './generate/run-identity.ts';
export { PredictionRecordSchema, type PredictionRecord } from '../qa/scoring/prediction-record.ts';
// The split vocabulary (qa/split-names.ts).
export { BASE_SPLITS, HELD_OUT_SPLITS, QA_SPLIT_ORDER, SIDE_ORDER, SPLIT_ORDER, TINY, type QaSplit, type Side, type SideCounts } from '../qa/split-names.ts';
