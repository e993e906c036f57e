// `misi-gen human`: a page that asks a person a dataset's questions one at a time, as a model
// is asked them (page/human.html, human.js): the chosen questions (per task, seeded) without
// their answers, their images copied beside the page (the folder can be zipped and sent),
// the scorer's format checks as a script (scoring-script.ts). The page's export is a
// predictions file `misi-gen score` reads.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import seedrandom from 'seedrandom';
import { shuffled } from '../../qa/random.ts';
import type { TEST, TINY } from '../../qa/split-names.ts';
import { openDataset } from '../dataset/read-dataset.ts';
import { UsageError } from '../usage-error.ts';
import { answerForm } from './answer-form.ts';
import { scoringScript } from './scoring-script.ts';
import { copyAssets, writeData } from './site-files.ts';

export interface HumanOptions {
  dir: string;
  out: string;
  /** Task ids (default: every task with questions in the split). */
  tasks?: string[];
  /** Questions per task. */
  n: number;
  split: typeof TINY | typeof TEST;
  seed: number;
}

export interface HumanSession {
  out: string;
  page: string;
  questions: number;
  perTask: Record<string, number>;
  /** Images the chosen records name that the dataset lacks (the page names them where they would show). */
  missingImages: string[];
}

export async function writeHumanSession(o: HumanOptions): Promise<HumanSession> {
  const folder = openDataset(o.dir);
  const available = folder.tasksIn(o.split);
  const tasks = o.tasks ?? available;
  const unknown = tasks.filter((t) => !available.includes(t));
  if (unknown.length)
    throw new UsageError(
      `--tasks: ${unknown.join(', ')} ha${unknown.length > 1 ? 've' : 's'} no ${o.split} questions in ${o.dir} (there: ${available.join(', ')})`,
    );
  const out = resolve(o.out);
  if (existsSync(join(out, 'data'))) rmSync(join(out, 'data'), { recursive: true, force: true });
  mkdirSync(join(out, 'images'), { recursive: true });
  const questions: unknown[] = [];
  const perTask: Record<string, number> = {};
  const missingImages: string[] = [];
  for (const task of tasks) {
    const all = folder.questions(task, o.split).map((q) => q.record);
    const chosen = shuffled(seedrandom(`human:${o.seed}:${task}`), all).slice(0, o.n);
    perTask[task] = chosen.length;
    for (const r of chosen) {
      for (const im of r.images) {
        const from = folder.paths.file(im);
        if (!existsSync(from)) missingImages.push(im);
        else if (!existsSync(join(out, im))) {
          mkdirSync(dirname(join(out, im)), { recursive: true });
          copyFileSync(from, join(out, im));
        }
      }
      questions.push({
        id: r.id,
        task: r.task,
        question: r.question,
        images: r.images,
        form: answerForm(r),
        options: r.options?.map((op) => ({ letter: op.letter, commands: op.commands, text: op.text })),
      });
    }
  }
  const ids = questions.map((q) => (q as { id: string }).id);
  const key = createHash('sha256')
    .update(JSON.stringify([resolve(o.dir), o.split, ids]))
    .digest('hex')
    .slice(0, 16);
  copyAssets(out, ['human.html', 'loader.js', 'human.js', 'human-forms.js', 'browse.css', 'favicon.svg'], false);
  writeFileSync(join(out, 'assets/scoring.js'), await scoringScript());
  writeData(out, 'session', {
    key,
    dataset: folder.dir,
    split: o.split,
    seed: o.seed,
    createdAt: new Date().toISOString(),
    perTask,
    questions,
    missingImages,
  });
  return { out, page: join(out, 'human.html'), questions: questions.length, perTask, missingImages };
}
