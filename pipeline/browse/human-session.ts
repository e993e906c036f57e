// `misi-gen human`: a page that asks a person a dataset's questions one at a time, as a model
// is asked them (page/human.html, human.js): the chosen questions (per task, seeded, none giving
// another's answer away: session-questions.ts), their images copied beside the page (the
// folder can be zipped and sent), the scorer's format checks as a script (scoring-script.ts).
// The page's data holds only what the person is shown and the form of each answer: no answer,
// truth, parameter or option command. The page's export is a predictions file `misi-gen score`
// reads. A folder that already holds anything (a session someone may be answering) is left as
// it is: the command is refused.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TEST, TINY } from '../../qa/split-names.ts';
import { openDataset } from '../dataset/read-dataset.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import { UsageError } from '../usage-error.ts';
import { answerForm } from './answer-form.ts';
import { scoringScript } from './scoring-script.ts';
import { drawQuestions, type TaskDraw } from './session-questions.ts';
import { copyAssets, dataFile, writeData } from './site-files.ts';

/**
 * A rough guess of the seconds a person takes per question, low and high (not measured: the
 * single-image command tasks are quick, the multi-image choice tasks slow); the start page
 * turns it into the session's time.
 */
export const SECONDS_PER_QUESTION: [number, number] = [30, 90];

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
  /** Per task: the questions in the split, and those passed over so as not to give an answer away. */
  draws: Omit<TaskDraw, 'chosen'>[];
  /** Images the chosen records name that the dataset lacks (the page names them where they would show). */
  missingImages: string[];
}

/** Refuses an --out that holds anything: it may be a session someone is answering. */
function refuseUsed(out: string): void {
  if (!existsSync(out)) return;
  const inside = readdirSync(out);
  if (!inside.length) return;
  const file = join(out, dataFile('session'));
  if (existsSync(file)) {
    const made = /"createdAt":"([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? 'at an unknown time';
    throw new CommandFailure(
      `--out ${out} already holds a session (made ${made}); it is left as it is. To go on answering it, open ${join(out, 'human.html')} again in the same browser (it keeps the progress); for a new session give another folder.`,
      EXIT.refused,
    );
  }
  throw new CommandFailure(
    `--out ${out} is not empty (${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', ...' : ''}); a session is written into a new or empty folder only`,
    EXIT.refused,
  );
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
  refuseUsed(out);
  const draws = drawQuestions(tasks, (task) => folder.questions(task, o.split).map((q) => q.record), o.n, o.seed);
  mkdirSync(join(out, 'images'), { recursive: true });
  const questions: unknown[] = [];
  const perTask: Record<string, number> = {};
  const missingImages: string[] = [];
  for (const { task, chosen } of draws) {
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
      // What the person is shown, and the answer's form; the options' letters are in the form
      // (their images are among the question's, their commands never shown).
      questions.push({ id: r.id, task: r.task, question: r.question, images: r.images, form: answerForm(r) });
    }
  }
  const ids = questions.map((q) => (q as { id: string }).id);
  const key = createHash('sha256')
    .update(JSON.stringify([resolve(o.dir), o.split, ids]))
    .digest('hex')
    .slice(0, 16);
  copyAssets(out, ['human.html', 'loader.js', 'human.js', 'human-forms.js', 'human-layout.js', 'browse.css', 'favicon.svg'], false);
  writeFileSync(join(out, 'assets/scoring.js'), await scoringScript());
  writeData(out, 'session', {
    key,
    dataset: folder.dir,
    split: o.split,
    seed: o.seed,
    createdAt: new Date().toISOString(),
    n: o.n,
    perTask,
    available: Object.fromEntries(draws.map((d) => [d.task, d.available])),
    secondsPerQuestion: SECONDS_PER_QUESTION,
    questions,
    missingImages,
  });
  return {
    out,
    page: join(out, 'human.html'),
    questions: questions.length,
    perTask,
    draws: draws.map(({ chosen: _, ...d }) => d),
    missingImages,
  };
}
