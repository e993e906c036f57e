// README.md of the hf export: the dataset card. YAML front matter with one config per task
// (splits train, test and tiny, as parquet globs), then provenance, counts, the task table,
// licences, how to regenerate the dataset, and its seed. "What a model gets without looking":
// the audit's blind baselines, and the models eval asked with and without the images
// (pipeline/compare/card-model-rows.ts) when the dataset's eval/ folder holds such runs.

import { type QaSplit, TEST, TINY, TRAIN, VAL } from '../../qa/split-names.ts';
import { taskById } from '../../qa/task-registry.ts';
import { type AuditReport, auditDataset } from '../audit/audit-dataset.ts';
import { auditSummaryLines } from '../audit/format-audit.ts';
import { cardModelRows } from '../compare/card-model-rows.ts';
import { QA_SPLITS } from '../dataset/layout.ts';
import type { ManifestOptions } from '../dataset/manifest-type.ts';
import type { Dataset } from '../dataset/read-dataset.ts';
import type { Versions } from '../dataset/versions.ts';

const yamlString = (s: string) => JSON.stringify(s);

export interface CardInputs {
  dataset: Dataset;
  /** Shard paths per task and split. */
  shards: Map<string, string[]>;
  /** Distinct images embedded. */
  imageCount: number;
}

function command(d: Dataset): string {
  const o: Partial<ManifestOptions> = d.manifest.options ?? {};
  const parts = ['misi-gen generate --structures <PDBbind folders> --out <dir>', `--seed ${d.seed}`];
  if (o.tasks) parts.push(`--tasks ${o.tasks.join(',')}`);
  if (o.perComplex) parts.push(`--per-complex ${o.perComplex}`);
  if (o.testShare !== undefined) parts.push(`--test-share ${o.testShare}`);
  if (d.split?.by && d.split.by !== 'complex') parts.push(`--split-by ${d.split.by}`);
  if (d.split?.by === 'protein' && d.split.threshold !== undefined) parts.push(`--cluster-threshold ${d.split.threshold}`);
  if (o.limit) parts.push(`--limit ${o.limit}`);
  if (o.pocketRadius) parts.push(`--pocket-radius ${o.pocketRadius}`);
  return parts.join(' \\\n    ');
}

export function datasetCard(c: CardInputs): string {
  const d = c.dataset;
  const audit = auditOf(d.dir);
  const m = d.manifest;
  const count = (task: string, split: QaSplit) => d.records.get(task)![split].length;
  const total = d.tasks.reduce((n, t) => n + count(t, TRAIN) + count(t, TEST), 0);
  const sizeCategory = total < 1000 ? 'n<1K' : total < 10000 ? '1K<n<10K' : total < 100000 ? '10K<n<100K' : '100K<n<1M';
  const configTasks = d.tasks.filter((t) => QA_SPLITS.some((s) => c.shards.get(`${t}.${s}`)?.length));
  const yaml = [
    '---',
    'pretty_name: MiSI-Bench (regenerated with misi-gen)',
    'license: other',
    'license_name: pdbbind-terms-for-structures',
    'language:',
    '- en',
    'task_categories:',
    '- visual-question-answering',
    'tags:',
    '- molecular-spatial-intelligence',
    '- protein-ligand',
    '- 3d-reasoning',
    'size_categories:',
    `- ${sizeCategory}`,
    'configs:',
    // One config per task with questions, listing the splits that have files.
    ...configTasks.flatMap((task, i) => [
      `- config_name: ${task}`,
      ...(i === 0 ? ['  default: true'] : []),
      '  data_files:',
      ...QA_SPLITS.filter((s) => c.shards.get(`${task}.${s}`)?.length).flatMap((s) => [
        `  - split: ${s}`,
        `    path: ${yamlString(`data/${task}/${s}-*.parquet`)}`,
      ]),
    ]),
    '---',
  ];
  const split = d.split;
  const splitText = !split
    ? 'by complex (no split.json was found)'
    : split.by === 'scaffold'
      ? 'by ligand scaffold (Bemis-Murcko, as RDKit computes it): no scaffold has complexes on both sides'
      : split.by === 'protein'
        ? `by protein: single-linkage clusters at ${split.threshold === undefined ? '(unrecorded)' : Math.round(100 * split.threshold)} % sequence identity (local alignment; whole chains where the protein file was given, else pocket residues); no cluster has complexes on both sides`
        : 'by complex, at random from the seed (as the original)';
  const rows = d.tasks.map((t) => {
    const module = taskById(t);
    const example = d.records.get(t)!.test[0] ?? d.records.get(t)!.train[0];
    const answer = example ? `\`${example.answer}\`` : '-';
    return `| \`${t}\` | ${module?.summary ?? `see the template qa/templates/${module?.template ?? t}.txt`} | ${module?.format ?? '-'} | ${example ? example.images.length : (module?.imageCount ?? '-')} | ${answer} |`;
  });
  // A val column only in a dataset with val (`--buffer val`); the card of any other is unchanged.
  const hasVal = d.splits.includes(VAL);
  const counts = d.tasks.map(
    (t) =>
      `| \`${t}\` | ${count(t, TRAIN)} | ${count(t, TEST)} | ${hasVal ? `${count(t, VAL)} | ` : ''}${count(t, TINY)} | ${QA_SPLITS.map((s) => c.shards.get(`${t}.${s}`)?.length ?? 0).reduce((a, b) => a + b, 0)} |`,
  );
  const complexes: { split: string }[] = m.complexes ?? [];
  const versions: Partial<Versions> = m.versions ?? {};
  return `${yaml.join('\n')}

# MiSI-Bench, regenerated

Multi-view images of protein-ligand complexes with questions that test molecular spatial
intelligence: how a structure moved or turned between pictures, which option matches a
transformation, how to put a displaced ligand back into its pocket. This copy was
regenerated from the structures by misi-gen following the MiSI-Bench
paper (arXiv 2512.10867); it is not the original release.

## Provenance

- Generator: misi-gen ${versions.misiGen ?? '?'}, renderer ${versions.renderer ?? '?'} (3Dmol.js in headless Chromium), templates ${Object.entries(
    versions.templates ?? {},
  )
    .map(([k, v]) => `${k} v${v}`)
    .join(', ')}.
- Structures: ${complexes.length} protein-ligand complexes (${complexes.filter((x) => x.split === TRAIN).length} train, ${complexes.filter((x) => x.split === TEST).length} test); the sha256 of every source file is listed per complex in the generator's \`manifest.json\`.
- Split: ${splitText}; ${split ? `${split.counts?.test ?? '?'} test complexes aimed at ${split.target ?? '?'} (test share ${split.testShare})` : ''}. Questions that pair two complexes take both from the same side.
- Seed: **${d.seed}**. The same structures, options and seed give the same questions and, byte for byte, the same images.
- Ground truth is computed from the geometry (camera, transforms, atom positions), never read off pixels.

## Counts

Questions per task and split (a split without questions has no file and is not listed in
the configs); \`tiny\` is ${'50'} test questions per task drawn at random from the seed (the quick evaluation set). ${c.imageCount} distinct images are embedded.

| task | train | test | ${hasVal ? 'val | ' : ''}tiny | parquet shards |
|---|---|---|${hasVal ? '---|' : ''}---|---|
${counts.join('\n')}

## What a model gets without looking

The shortcut audit (\`misi-gen audit\`): per task, baselines that never see a picture (the
question's wording, the options alone, the most typical option image${ownBaselines(d.tasks)}), fitted on train and scored on the held-out split
with the task's scorer, beside chance. A task is flagged when a baseline's 95 % interval starts
more than 3 points over chance, or when a question repeats another.

${[...auditLines(audit).map((l) => `- ${l}`), ...cardModelRows(d, typeof audit === 'string' ? null : audit)].join('\n')}

## Tasks

| task | what the model does | format | images per question | answer example |
|---|---|---|---|---|
${rows.join('\n')}

Every row holds \`id\`, \`task\`, \`split\`, \`complex\`, \`question\` (the full prompt; it names the
pictures Image 1, Image 2, ... in the order of \`images\`), \`answer\` (the exact expected
string), \`images\` (a list of images in question order) and, as JSON text, \`options\`
(choice tasks), \`truth\` (the answer as data) and \`meta\` (seed, sampled parameters, template).

\`\`\`python
from datasets import load_dataset
ds = load_dataset("<this folder or repository>", "${configTasks[0] ?? d.tasks[0]}", split="${TEST}")
print(ds[0]["question"], ds[0]["answer"], len(ds[0]["images"]))
\`\`\`

## Licences

- Structures: the complexes come from PDBbind (and, where stated, the PDB). PDBbind's terms
  apply to everything derived from its files, these images included: free for academic and
  non-commercial use after registration at PDBbind, no redistribution of the structures.
  Check those terms before publishing or sharing this dataset; public PDB entries are in
  the public domain.
- Questions, templates and the generator: MIT (misi-gen).
- The benchmark design follows MiSI-Bench (arXiv 2512.10867); cite it when you use this data.

## Regenerating

\`\`\`
${command(d)}
misi-gen export <dir> --format hf --out <hf-folder>
\`\`\`

The structures are not included; obtain PDBbind yourself. \`misi-gen split\` shows the
split before generating.
`;
}

/** The audit of the dataset, or why there is none. */
/** The blind baselines the dataset's tasks declare of their own (TaskModule.baselines), as the card's audit paragraph lists them. */
function ownBaselines(tasks: readonly string[]): string {
  const own = tasks.flatMap((t) => {
    const labels = (taskById(t)?.baselines ?? []).map((b) => b.label);
    return labels.length ? [`${t}'s ${labels.join(' and ')}`] : [];
  });
  return own.length ? `, and those a task declares of its own: ${own.join('; ')}` : '';
}

function auditOf(dir: string): AuditReport | string {
  try {
    return auditDataset(dir);
  } catch (e) {
    return (e as Error).message.split('\n')[0];
  }
}

/** The audit's line per task, or why there is none. */
function auditLines(audit: AuditReport | string): string[] {
  return typeof audit === 'string' ? [`(not audited: ${audit})`] : auditSummaryLines(audit);
}
