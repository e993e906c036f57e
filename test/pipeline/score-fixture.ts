// A small dataset written by hand for the scorer's tests: a few records of every task in
// the format of `misi-gen generate` (qa/<task>.<split>.jsonl), with the truth replies and
// replies that are wrong on every question.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface FixtureQuestion {
  id: string;
  task: string;
  answer: string;
  options?: Record<string, string>;
  /** A reply that scores 0 on this question. */
  wrong: string;
}

const PLACES = { A: 'image 8', B: 'image 9', C: 'image 10', D: 'image 11' };
const MOVES = { A: 'move x 3, move y -5', B: 'move x -3, move y 5', C: 'move x 0, move y 5', D: 'move x 6, move y -2' };

export const TEST_QUESTIONS: FixtureQuestion[] = [
  { id: 'translation/1a30/0', task: 'translation', answer: 'move x 3', wrong: 'move y 3' },
  { id: 'translation/1a30/1', task: 'translation', answer: 'move y -2', wrong: 'move y 6' },
  { id: 'rotation/1a30/0', task: 'rotation', answer: 'roll y 15', wrong: 'roll x 15' },
  { id: 'rotation/1a30/1', task: 'rotation', answer: 'roll z -90', wrong: 'roll z 90' },
  { id: 'zooming/1a30/0', task: 'zooming', answer: 'move z 50', wrong: 'move z 40' },
  { id: 'zooming/1a30/1', task: 'zooming', answer: 'move z 43', wrong: 'move z 44' },
  { id: 'residue_ligand/1a30/0', task: 'residue_ligand', answer: 'Yes: ARG NH2, O22; ARG N, O23', wrong: 'No' },
  { id: 'residue_ligand/1a30/1', task: 'residue_ligand', answer: 'No', wrong: 'Yes: ARG N, O23' },
  { id: 'translation_rotation/1a30/0', task: 'translation_rotation', answer: 'B', options: PLACES, wrong: 'A' },
  { id: 'translation_rotation/1a30/1', task: 'translation_rotation', answer: 'D', options: PLACES, wrong: 'C' },
  { id: 'rotation_rotation/1a30/0', task: 'rotation_rotation', answer: 'A', options: PLACES, wrong: 'D' },
  { id: 'rotation_rotation/1a30/1', task: 'rotation_rotation', answer: 'C', options: PLACES, wrong: 'B' },
  { id: 'docking/1a30/0', task: 'docking', answer: 'roll x 75, move x -14', wrong: 'roll y 75, move x 14' },
  { id: 'docking/1a30/1', task: 'docking', answer: 'roll z -30, move x 9', wrong: 'roll x -30, move x -9' },
  { id: 'interaction_location/1a30/0', task: 'interaction_location', answer: 'C', options: MOVES, wrong: 'A' },
  {
    id: 'pocket_ligand/1a30/0',
    task: 'pocket_ligand',
    answer: 'ARG 221 NH2 A, O22; ARG 221 N A, O23; ASP 227A OD1 _, N3',
    wrong: 'LYS 5 NZ A, O1',
  },
];

/** The tiny split: one question per task, a subset of the test questions. */
export const TINY_IDS = TEST_QUESTIONS.filter((q) => q.id.endsWith('/0')).map((q) => q.id);

function record(q: FixtureQuestion, split: string) {
  const complex = q.id.split('/')[1];
  return {
    id: q.id,
    task: q.task,
    split,
    complex,
    images: [`images/${complex}-front.png`],
    question: `A question of task ${q.task}.`,
    answer: q.answer,
    truth: null,
    ...(q.options ? { options: q.options } : {}),
    meta: { seed: 1 },
  };
}

/** Writes the dataset (test and tiny splits) into a fresh temporary folder and returns it. */
export function writeScoreFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'misi-score-'));
  mkdirSync(join(dir, 'qa'));
  const tasks = [...new Set(TEST_QUESTIONS.map((q) => q.task))];
  for (const task of tasks) {
    const of = TEST_QUESTIONS.filter((q) => q.task === task);
    const lines = (qs: FixtureQuestion[], split: string) => qs.map((q) => JSON.stringify(record(q, split)) + '\n').join('');
    writeFileSync(join(dir, 'qa', `${task}.test.jsonl`), lines(of, 'test'));
    writeFileSync(
      join(dir, 'qa', `${task}.tiny.jsonl`),
      lines(
        of.filter((q) => TINY_IDS.includes(q.id)),
        'test',
      ),
    );
  }
  return dir;
}

export const predictionLines = (replies: [string, string][]) =>
  replies.map(([id, prediction]) => JSON.stringify({ id, prediction })).join('\n') + '\n';
