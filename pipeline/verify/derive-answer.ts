// `verify --answers`: each record's answer and options derived again from its own `truth`
// (and checked against its sampled parameters), so a record whose answer was edited, with
// the manifest's digest made to match, is still found. A record's truth as generate writes it
// (pipeline/generate/records.ts's truthData):
//
//   {commands: [{kind, axis, amount}]}            the answer is the commands' canonical text
//   {letter, options: [{letter, image?, scheme, commands?, text?}]}
//                                                 the answer is the letter of the option whose
//                                                 scheme is `truth`; `options` shows the same
//                                                 options (less their schemes)
//   the task's own value                          residue_ligand, pocket_ligand (below)
//
// MERGE NOTE (issue 53 / issue 50): this file re-derives answers against today's Truth
// (qa/task.ts). When qa/ exports one function per answer kind that turns a truth into its
// answer text (issue 50, t50a), `answerOfTruth` below is to call it instead of the rules
// written out here; the checks of options and parameters stay.
import { type Command, formatCommands } from '../../renders/commands.ts';
import { type CanonicalPair, formatCanonicalPair } from '../../structures/hbonds/canonical-format.ts';
import type { QaRecord } from '../dataset/question-record.ts';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What the truth of a record gives: its answer text, or why none can be derived (`unknown`: a task's own value this file has no rule for). */
type Derived = { answer: string } | { problem: string } | { unknown: true };

function commandsOf(v: unknown): Command[] | null {
  if (!Array.isArray(v)) return null;
  const ok = v.every(
    (c) =>
      isObject(c) &&
      (c.kind === 'move' || c.kind === 'roll') &&
      (c.axis === 'x' || c.axis === 'y' || c.axis === 'z') &&
      typeof c.amount === 'number' &&
      Number.isFinite(c.amount),
  );
  return ok ? (v as Command[]) : null;
}

const strings = (o: Record<string, unknown>, keys: readonly string[]) => keys.every((k) => typeof o[k] === 'string');

/** The answer of a task's own truth value, per task (the task module builds `answer` from the same value). */
const DATA_ANSWERS: Record<string, (value: Record<string, unknown>) => string | null> = {
  // qa/tasks/residue-ligand.ts's residueAnswer: `No`, or `Yes: ARG NH2, O22; ARG N, O23`.
  residue_ligand: (v) => {
    const residue = v.residue;
    const bonds = v.bonds;
    if (!isObject(residue) || typeof residue.name !== 'string' || !Array.isArray(bonds)) return null;
    if (!bonds.every((b) => isObject(b) && strings(b, ['residueAtom', 'ligandAtom']))) return null;
    if (!bonds.length) return 'No';
    return `Yes: ${bonds.map((b) => `${residue.name} ${b.residueAtom}, ${b.ligandAtom}`).join('; ')}`;
  },
  // qa/tasks/pocket-ligand.ts: structures/hbonds/canonical-format.ts's list of the pairs, in their order.
  pocket_ligand: (v) => {
    const bonds = v.bonds;
    if (!Array.isArray(bonds)) return null;
    const pair = (b: unknown): b is CanonicalPair =>
      isObject(b) &&
      strings(b, ['chain', 'residueName', 'insertionCode', 'residueAtom', 'ligandAtom']) &&
      typeof b.residueNumber === 'number';
    if (!bonds.every(pair)) return null;
    return bonds.map(formatCanonicalPair).join('; ');
  },
};

/** The answer a record's truth gives (the one place that turns a truth into answer text here). */
export function answerOfTruth(task: string, truth: unknown): Derived {
  if (isObject(truth) && 'commands' in truth && !('letter' in truth)) {
    const commands = commandsOf(truth.commands);
    return commands ? { answer: formatCommands(commands) } : { problem: 'truth.commands is not a list of {kind, axis, amount}' };
  }
  if (isObject(truth) && 'letter' in truth && 'options' in truth) {
    if (typeof truth.letter !== 'string' || !Array.isArray(truth.options)) return { problem: 'truth.letter or truth.options malformed' };
    const right = truth.options.filter((o) => isObject(o) && o.scheme === 'truth');
    if (right.length !== 1) return { problem: `truth.options has ${right.length} options of scheme 'truth' (one expected)` };
    if (right[0].letter !== truth.letter)
      return { problem: `truth.letter ${truth.letter} is not the letter of the option of scheme 'truth' (${right[0].letter})` };
    return { answer: truth.letter };
  }
  const rule = DATA_ANSWERS[task];
  if (!rule) return { unknown: true };
  const answer = isObject(truth) ? rule(truth) : null;
  return answer === null ? { problem: `truth is not the ${task} value (see docs/generate.md)` } : { answer };
}

/** The options as a prompt shows them, from the truth's: what `options` must hold, in order. */
function shownOptions(truthOptions: unknown[]): unknown[] {
  return truthOptions.map((o) => {
    const t = isObject(o) ? o : {};
    const commands = commandsOf(t.commands);
    return {
      letter: t.letter,
      ...(t.image !== undefined ? { image: t.image } : {}),
      ...(commands ? { commands: formatCommands(commands) } : {}),
      ...(t.text !== undefined ? { text: t.text } : {}),
    };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is wrong with a record's answer, options and parameters against its truth (empty
 * when all agree), or null when its task's truth has no rule here (not checked).
 */
export function answerProblems(r: QaRecord): string[] | null {
  const derived = answerOfTruth(r.task, r.truth);
  if ('unknown' in derived) return null;
  if ('problem' in derived) return [derived.problem];
  const problems: string[] = [];
  if (r.answer !== derived.answer) problems.push(`answer '${r.answer}' is not the one its truth gives, '${derived.answer}'`);
  const truth = r.truth as Record<string, unknown>;
  const params = isObject(r.meta?.params) ? r.meta.params : {};
  if (Array.isArray(truth.options)) {
    const want = shownOptions(truth.options);
    const got = (r.options ?? []).map((o) => ({ ...o }));
    if (!same(got, want)) problems.push('options differ from the options of its truth');
    const schemes = truth.options.filter((o) => isObject(o) && o.scheme !== 'truth').map((o) => (o as Record<string, unknown>).scheme);
    if (r.meta.decoySchemes !== undefined && !same(r.meta.decoySchemes, schemes))
      problems.push("meta.decoySchemes differ from the schemes of its truth's options");
    const right = truth.options.find((o) => isObject(o) && o.scheme === 'truth') as Record<string, unknown>;
    const rightCommands = commandsOf(right.commands);
    if (
      typeof params.f1 === 'string' &&
      typeof params.f2 === 'string' &&
      rightCommands &&
      formatCommands(rightCommands) !== `${params.f1}, ${params.f2}`
    )
      problems.push(`the right option's commands are not meta.params f1, f2 (${params.f1}, ${params.f2})`);
  } else if (r.options !== undefined) problems.push('options on a question whose truth has none');
  const commands = commandsOf(truth.commands);
  if (commands?.length === 1 && 'axis' in params && 'amount' in params) {
    if (commands[0].axis !== params.axis || commands[0].amount !== params.amount)
      problems.push(`truth.commands is not meta.params (axis ${params.axis}, amount ${params.amount})`);
  }
  if (r.task === 'residue_ligand' && Array.isArray(truth.bonds)) {
    const verdict = truth.bonds.length ? 'yes' : 'no';
    if (params.verdict !== undefined && params.verdict !== verdict)
      problems.push(`meta.params.verdict is ${params.verdict}, its truth says ${verdict}`);
    if (params.bonds !== undefined && params.bonds !== truth.bonds.length)
      problems.push(`meta.params.bonds is ${params.bonds}, its truth has ${truth.bonds.length}`);
  }
  if (
    r.task === 'pocket_ligand' &&
    Array.isArray(truth.bonds) &&
    params.complexBonds !== undefined &&
    params.complexBonds !== truth.bonds.length
  )
    problems.push(`meta.params.complexBonds is ${params.complexBonds}, its truth has ${truth.bonds.length}`);
  return problems;
}
