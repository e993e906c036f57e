// lmms-eval: the hf export plus a task folder, lmms_eval_tasks/misi_bench/: one task YAML per
// task and evaluation split (misi_bench_<task> on test, misi_bench_<task>_tiny on tiny), a
// group YAML for each split (misi_bench, misi_bench_tiny), and utils.py (lmms-eval/utils.py
// here), which builds the prompt from the `images` and `question` columns and scores the
// replies with `misi-gen score` itself. The YAML loads the export folder by its absolute
// path, one config per task (the dataset card's configs).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST, TINY } from '../../qa/split-names.ts';
import type { Dataset } from '../dataset/read-dataset.ts';
import { DEFAULTS } from '../eval/eval-settings.ts';
import { writeTextAtomically } from '../generate/write-text.ts';
import { BIN_SCRIPT } from '../package-version.ts';

export const LMMS_TASK_DIR = 'lmms_eval_tasks/misi_bench';
const UTILS = fileURLToPath(new URL('./lmms-eval/utils.py', import.meta.url));

const q = (s: string) => JSON.stringify(s);

function taskYaml(exportDir: string, task: string, split: typeof TEST | typeof TINY): string {
  const name = split === TEST ? `misi_bench_${task}` : `misi_bench_${task}_tiny`;
  return [
    `# lmms-eval task: MiSI-Bench ${task}, ${split} split (written by misi-gen export --format lmms-eval).`,
    '# Columns of the hf export used: images (list of Image), question, answer, id, task, options (JSON text).',
    `task: ${name}`,
    `dataset_path: ${q(exportDir)}`,
    `dataset_name: ${task}`,
    `test_split: ${split}`,
    'output_type: generate_until',
    'doc_to_visual: !function utils.misi_doc_to_visual',
    'doc_to_text: !function utils.misi_doc_to_text',
    'doc_to_target: answer',
    'generation_kwargs:',
    `  max_new_tokens: ${DEFAULTS.maxTokens}`,
    `  temperature: ${DEFAULTS.temperature}`,
    '  do_sample: false',
    'process_results: !function utils.misi_process_results',
    'metric_list:',
    '  - metric: misi_composite',
    `    aggregation: !function utils.misi_composite_${split}`,
    '    higher_is_better: true',
    '  - metric: misi_exact',
    `    aggregation: !function utils.misi_exact_${split}`,
    '    higher_is_better: true',
    'lmms_eval_specific_kwargs:',
    '  default:',
    '    pre_prompt: ""',
    '    post_prompt: ""',
    'metadata:',
    '  version: 1',
    '',
  ].join('\n');
}

/** Writes the task folder; returns the paths written, relative to outDir. */
export async function writeLmmsEvalTasks(dataset: Dataset, outDir: string, tasks: string[]): Promise<string[]> {
  const dir = join(outDir, LMMS_TASK_DIR);
  const exportDir = resolve(outDir);
  const written: string[] = [];
  const put = async (name: string, text: string) => {
    await writeTextAtomically(join(dir, name), text);
    written.push(`${LMMS_TASK_DIR}/${name}`);
  };
  for (const split of [TEST, TINY] as const) {
    const names: string[] = [];
    for (const task of tasks) {
      if (!dataset.records.get(task)![split].length) continue;
      const name = split === TEST ? `misi_bench_${task}` : `misi_bench_${task}_tiny`;
      names.push(name);
      await put(`${name}.yaml`, taskYaml(exportDir, task, split));
    }
    const group = split === TEST ? 'misi_bench' : 'misi_bench_tiny';
    await put(`${group}.yaml`, [`group: ${group}`, 'task:', ...names.map((n) => `  - ${n}`), ''].join('\n'));
  }
  const utils = (await readFile(UTILS, 'utf8')).replace('__MISI_GEN__', `'${process.execPath}' '${BIN_SCRIPT}'`);
  await put('utils.py', utils);
  return written;
}
