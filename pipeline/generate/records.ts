// Question records, the lines of `qa/<task>.<split>.jsonl` (their type: pipeline/dataset/
// question-record.ts), built from planned questions. Field order is fixed so the same question
// always gives the same bytes.

import type { RecordTruth } from '../../qa/answer-kinds.ts';
import { labelWordsOf } from '../../qa/label-wording.ts';
import type { ChoiceOption, Truth } from '../../qa/task.ts';
import { fillTemplate, loadTemplate } from '../../qa/template.ts';
import { type Command, formatCommands } from '../../renders/commands.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import type { PlannedQuestion } from './plan.ts';
import { scenePaths } from './render-stage.ts';
import { seedKey } from './seeds.ts';

const commandData = (cs: readonly Command[]) => cs.map((c) => ({ kind: c.kind, axis: c.axis, amount: c.amount }));

function truthData(t: Truth, images: string[]): RecordTruth {
  if (t.kind === 'commands') return { commands: commandData(t.commands) };
  if (t.kind === 'letter') {
    return {
      letter: t.letter,
      options: t.options.map((o: ChoiceOption) => ({
        letter: o.letter,
        image: o.image === undefined ? undefined : images[o.image],
        scheme: o.scheme,
        commands: o.commands ? commandData(o.commands) : undefined,
        text: o.text,
      })),
    };
  }
  return t.value;
}

export function buildRecord(q: PlannedQuestion, seed: number): QaRecord {
  const images = q.plan.images.map((s) => scenePaths(s).image);
  const template = loadTemplate(q.task.template, q.task.templateDir);
  const t = q.plan.truth;
  const options =
    t.kind === 'letter'
      ? t.options.map((o) => ({
          letter: o.letter,
          ...(o.image !== undefined ? { image: images[o.image] } : {}),
          ...(o.commands ? { commands: formatCommands(o.commands) } : {}),
          ...(o.text !== undefined ? { text: o.text } : {}),
          // No decoy scheme here: `options` is what a prompt may show, so it must not mark the
          // right one. Schemes are in `truth.options` and `meta.decoySchemes`.
        }))
      : undefined;
  const record: QaRecord = {
    id: q.id,
    task: q.task.id,
    split: q.split,
    complex: q.complex,
    images,
    question: fillTemplate(template, { label_conventions: labelWordsOf(q.plan.images, q.id), ...q.plan.vars }),
    answer: q.plan.answer,
    truth: truthData(t, images),
    ...(options ? { options } : {}),
    meta: {
      seed,
      generator: seedKey([seed, q.task.id, q.complex, q.index]).slice(0, 16),
      index: q.index,
      params: q.plan.params,
      ...(t.kind === 'letter' ? { decoySchemes: t.options.filter((o) => o.scheme !== 'truth').map((o) => o.scheme) } : {}),
      ...(q.plan.partners ? { partners: q.plan.partners } : {}),
      replacements: q.plan.replacements,
      template: { id: template.id, version: template.version },
    },
  };
  return record;
}

export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
