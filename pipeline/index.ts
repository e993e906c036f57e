// The library API: `import { ingest, findHBonds, generate, ... } from 'misi-gen'` (package.json
// `exports`). A small, stable set for users who drive runs from their own code or add a task
// of their own; everything else is internal and may change. docs/api.md describes each name
// and has an example of a tenth task written outside the package.

export { type AnchoredSet, anchoredOptions, type Change, DECOYS_OPTION, type DecoyMode, decoyMode } from '../qa/anchored-options.ts';
// Answer kinds (qa/answer-kinds.ts): what a task's truth holds and the answer text it gives.
export {
  ANSWER_KINDS,
  type AnswerKind,
  type AnswerKindName,
  answerKind,
  type BondListTruth,
  BondListTruthSchema,
  bondListAnswer,
  bondListAnswerText,
  type CommandsTruth,
  CommandsTruthSchema,
  commandsAnswer,
  commandsAnswerText,
  type LetterTruth,
  LetterTruthSchema,
  letterAnswer,
  letterAnswerText,
  type NamedLabel,
  type OwnTruth,
  parseTruth,
  type RecordTruth,
  RecordTruthSchema,
  type ResidueListTruth,
  ResidueListTruthSchema,
  residueListAnswer,
  residueListAnswerText,
  residueText,
  type TruthResidue,
  textAnswer,
  type VerdictTruth,
  VerdictTruthSchema,
  verdictAnswer,
  verdictAnswerText,
  type YesNoTruth,
  YesNoTruthSchema,
  yesNoAnswer,
  yesNoAnswerText,
} from '../qa/answer-kinds.ts';
export { deckEntry } from '../qa/draw-deck.ts';
export { drawIndex, drawOne, type Rng } from '../qa/random.ts';
export { recordProblems } from '../qa/record-problems.ts';
export { type SceneParts, scene, threeViews } from '../qa/scenes.ts';
export { readPredictionLines } from '../qa/scoring/prediction-lines.ts';
export { type PredictionRecord, PredictionRecordSchema } from '../qa/scoring/prediction-record.ts';
export { type SplitScore, scoreSplit } from '../qa/scoring/score-split.ts';
export {
  choiceScorer,
  commandScorer,
  exactTextScorer,
  pocketLigandScorer,
  residueLigandScorer,
  type ScoredReply,
  type TaskScorer,
} from '../qa/scoring/task-scorers.ts';
export { rotationScore, translationScore } from '../qa/scoring/transform-scores.ts';
export { sixViews } from '../qa/six-views.ts';
// The split vocabulary (qa/split-names.ts).
export {
  BASE_SPLITS,
  HELD_OUT_SPLITS,
  QA_SPLIT_ORDER,
  type QaSplit,
  SIDE_ORDER,
  type Side,
  type SideCounts,
  SPLIT_ORDER,
  TINY,
} from '../qa/split-names.ts';
export type {
  AnswerMotion,
  AskedQuestion,
  AuditQuestion,
  AuditScore,
  LegibilityTargetSpec,
  NamedQuestion,
  PlanResult,
  PreparedComplex,
  QuestionPlan,
  Split,
  StatsQuestion,
  TaskBaseline,
  TaskContext,
  TaskModule,
  TaskOption,
  Truth,
} from '../qa/task.ts';
export { allTasks, answerKindOf, registerTask, TaskDefinitionError, taskById } from '../qa/task-registry.ts';
// Tasks: the nine, and what a new one is made of.
export { TASKS } from '../qa/tasks/index.ts';
export type { AnnotatedAtom, Annotation } from '../renders/annotation.ts';
export { type AtomTable, type CompactAnnotation, expandAnnotation } from '../renders/annotation-compact.ts';
export { NoBrowserError } from '../renders/browser.ts';
export { type Command, formatCommands, parseCommands } from '../renders/commands.ts';
// Drawing scenes.
export { type PoolOptions, RenderPool } from '../renders/render-pool.ts';
export {
  type FileOutcome,
  type FileRenderOptions,
  type RenderOptions,
  type RenderOutcome,
  type RenderRequest,
  renderScenes,
} from '../renders/render-scenes.ts';
export { complexCamera } from '../renders/scene-atoms.ts';
export type { SceneSpec } from '../renders/scene-spec.ts';
export { makeStyle, type Style } from '../renders/style.ts';
export { formatHBondList } from '../structures/hbonds/canonical-format.ts';
export { findHBonds, type HBondOptions } from '../structures/hbonds/find-hbonds.ts';
// Reading structures and their hydrogen bonds.
export { type IngestOptions, type IngestResult, IngestUsageError, ingest, loadOneComplex, type Reject } from '../structures/ingest.ts';
export { type FailureKind, KnownError } from '../structures/known-error.ts';
export type { Atom, Complex, HBond, Ligand, LigandAtom, Residue } from '../structures/model.ts';
export { SAMPLE_DIR, SAMPLE_LIGANDS } from '../structures/sample-path.ts';
export { type AuditReport, auditDataset, type TaskAudit } from './audit/audit-dataset.ts';
export { AnnotationSchema, AtomTableSchema, CompactAnnotationSchema } from './dataset/annotation-schema.ts';
export type { AnnotationLayout } from './dataset/layout.ts';
export {
  type Manifest,
  type ManifestOptions,
  ManifestOptionsSchema,
  ManifestReadSchema,
  ManifestSchema,
  type ReadManifest,
} from './dataset/manifest-type.ts';
export {
  type AnswerRecord,
  AnswerRecordSchema,
  type QaRecord,
  QaRecordSchema,
  type RecordOption,
  RecordOptionSchema,
} from './dataset/question-record.ts';
export { AnnotationReadError, AnnotationReader, readImageAnnotation } from './dataset/read-annotation.ts';
export { readQaSplit } from './dataset/read-dataset.ts';
export { type Versions, VersionsSchema } from './dataset/versions.ts';
export { type ExportFormat, type ExportOptions, type ExportSummary, FORMATS, runExport } from './export/run-export.ts';
export { GENERATE_OPTIONS, type RunConfig, resolveGenerateOptions } from './generate/generate-options.ts';
export { type PlanQuestionOptions, planQuestion } from './generate/plan-question.ts';
// Whole runs, and what comes after them.
export { type GenerateOptions, type GenerateSummary, generate } from './generate/run-generate.ts';
export { RunFileSchema, type RunIdentity, RunIdentitySchema } from './generate/run-identity.ts';
export { DEFAULT_SEED } from './generate/seeds.ts';
export { DEFAULT_TEST_SHARE } from './generate/split.ts';
export { PACKAGE_VERSION } from './package-version.ts';
// The records a dataset is made of, each declared once as a schema (zod): the type, the check
// the readers run, and the JSON Schema of docs/schemas/ (docs/schemas.md).
export { jsonSchemaText, PUBLISHED_SCHEMAS, type PublishedSchema } from './record-schemas.ts';
export { type SplitFile, SplitFileSchema } from './split/split-file.ts';
export { UsageError } from './usage-error.ts';
export { type VerifyOptions, type VerifyReport, verifyDataset } from './verify/verify-dataset.ts';
