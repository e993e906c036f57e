// The kinds of answer a task can have, each once: the schema of a question record's `truth`
// of that kind (the answer as data, as generate writes it), the answer text a truth gives
// (the record's `answer`, re-derived: `misi-gen verify` and a task author's test call
// answerText), which labels of the pictures the answer names (label legibility), and the
// name of the human page's control and the browse page's display for it. A task says which
// kind its answer is (TaskModule.answer, qa/task.ts); pipeline/ asks the kind, never the
// task's id.
//   commands  `move x 3`, `roll y 30, move z -2`: truth {commands}
//   letter    one of the options' letters (choice tasks): truth {letter, options}
//   verdict   `No` or `Yes: SER OG, O2; ...`, a residue's bonds to the ligand: truth {residue, bonds}
//   bonds     `ARG 221 NH2 A, O22; ...`, every bond of a pocket ('' for none): truth {bonds}
//   yesno     `Yes` or `No`, whether a residue makes what is asked (an interaction kind): truth {residue, kind, makes}
//   residues  `ASP 189 A; TRP 215 _`, the residues making what is asked ('' for none): truth {kind, residues}
//   text      anything else, the task's own value as truth (an object); no answer re-derived

import { formatCommands } from '../renders/commands.ts';
import { formatCanonicalPair } from '../structures/hbonds/canonical-format.ts';
import { z } from './record-problems.ts';

const CommandSchema = z.object({ kind: z.enum(['move', 'roll']), axis: z.enum(['x', 'y', 'z']), amount: z.number() });

export const CommandsTruthSchema = z
  .object({ commands: z.array(CommandSchema).min(1) })
  .describe('commands: the answer as commands, in order ({kind, axis, amount})');
export type CommandsTruth = z.infer<typeof CommandsTruthSchema>;

export const LetterTruthSchema = z
  .object({
    letter: z.string(),
    options: z.array(
      z.object({
        letter: z.string(),
        image: z.string().optional(),
        scheme: z.string(),
        commands: z.array(CommandSchema).optional(),
        text: z.string().optional(),
      }),
    ),
  })
  .describe("letter: the right option's letter and every option with the scheme that made it");
export type LetterTruth = z.infer<typeof LetterTruthSchema>;

/** A pocket residue as truths name it. */
const ResidueSchema = z.object({ chain: z.string(), number: z.number().int(), insertionCode: z.string(), name: z.string() });
export type TruthResidue = z.infer<typeof ResidueSchema>;

export const VerdictTruthSchema = z
  .object({
    residue: ResidueSchema,
    bonds: z.array(z.object({ residueAtom: z.string(), ligandAtom: z.string() })),
  })
  .describe("verdict: the residue asked about and its bonds to the ligand (none: the answer is 'No')");
export type VerdictTruth = z.infer<typeof VerdictTruthSchema>;

export const BondListTruthSchema = z
  .object({
    bonds: z.array(
      z.object({
        chain: z.string(),
        residueName: z.string(),
        residueNumber: z.number().int(),
        insertionCode: z.string(),
        residueAtom: z.string(),
        ligandAtom: z.string(),
      }),
    ),
  })
  .describe('bonds: every residue-ligand bond, in canonical order');
export type BondListTruth = z.infer<typeof BondListTruthSchema>;

export const YesNoTruthSchema = z
  .object({ residue: ResidueSchema, kind: z.string(), makes: z.boolean() })
  .describe(
    "yesno: the residue asked about, what it is asked of (an interaction kind, in the question's words) and whether it makes it ('Yes') or not ('No')",
  );
export type YesNoTruth = z.infer<typeof YesNoTruthSchema>;

export const ResidueListTruthSchema = z
  .object({ kind: z.string(), residues: z.array(ResidueSchema) })
  .describe('residues: what is asked of (an interaction kind) and every residue that makes it, by chain, number and insertion letter');
export type ResidueListTruth = z.infer<typeof ResidueListTruthSchema>;

export const OwnTruthSchema = z.record(z.string(), z.unknown()).describe("text: the task's own value (an object)");
export type OwnTruth = z.infer<typeof OwnTruthSchema>;

/** A record's `truth`: one of the kinds' (the record's task says which). */
export const RecordTruthSchema = z
  .union([
    CommandsTruthSchema,
    LetterTruthSchema,
    VerdictTruthSchema,
    BondListTruthSchema,
    YesNoTruthSchema,
    ResidueListTruthSchema,
    OwnTruthSchema,
  ])
  .describe(
    "The answer as data, of its task's answer kind: {commands}, {letter, options}, {residue, bonds}, {bonds}, {residue, kind, makes}, {kind, residues} or the task's own value",
  );
export type RecordTruth = z.infer<typeof RecordTruthSchema>;

/** A label of a picture an answer names: a pocket residue's, or a ligand atom's (renders/scene-labels.ts draws both). */
export type NamedLabel =
  | { kind: 'residue'; chain: string; residueNumber: number; insertionCode: string }
  | { kind: 'ligand'; atomName: string };

export type AnswerKindName = 'commands' | 'letter' | 'verdict' | 'bonds' | 'yesno' | 'residues' | 'text';

/** An answer kind as tasks declare it and pipeline/ reads it: every reader takes a record's
 * truth as it was read (unknown) and parses it with the kind's schema, never a cast. */
export interface AnswerKind {
  /** Names the human page's answer control and the browse page's answer display for it. */
  name: AnswerKindName;
  /** What a record's truth of this kind holds. */
  truth: z.ZodType;
  /** The truth parsed, or what is wrong with it. */
  check(truth: unknown): { ok: true } | { ok: false; problem: string };
  /** The answer text the dataset writes for `truth`; undefined when `truth` is not of this
   * kind, or for a kind that cannot say (`text`). `misi-gen verify --answers` compares it with the record's answer. */
  answerOf(truth: unknown): string | undefined;
  /** The picture labels the answer names (empty for a kind that names none; undefined when `truth` is not of this kind). */
  labelsOf(truth: unknown): NamedLabel[] | undefined;
}

/** A kind from its schema and its two readings of a typed truth. */
export function answerKind<T>(
  name: AnswerKindName,
  truth: z.ZodType<T>,
  answerText: (t: T) => string | undefined,
  namedLabels: (t: T) => NamedLabel[] = () => [],
): AnswerKind {
  const parse = (value: unknown): T | undefined => {
    const r = truth.safeParse(value);
    return r.success ? r.data : undefined;
  };
  return {
    name,
    truth,
    check(value) {
      const r = truth.safeParse(value);
      if (r.success) return { ok: true };
      const i = r.error.issues[0];
      return {
        ok: false,
        problem: `truth is not of answer kind '${name}': ${i ? `${i.path.join('.') || 'truth'}: ${i.message}` : 'malformed'}`,
      };
    },
    answerOf(value) {
      const t = parse(value);
      return t === undefined ? undefined : answerText(t);
    },
    labelsOf(value) {
      const t = parse(value);
      return t === undefined ? undefined : namedLabels(t);
    },
  };
}

/** The answer of commands: `roll y 30, move z -2`. */
export const commandsAnswerText = (t: CommandsTruth): string => formatCommands(t.commands);
/** The answer of a choice: its letter. */
export const letterAnswerText = (t: LetterTruth): string => t.letter;
/** A residue's verdict: `No`, or `Yes: ARG NH2, O22; ARG N, O23` (its bonds as they are listed). */
export const verdictAnswerText = (t: VerdictTruth): string =>
  t.bonds.length ? `Yes: ${t.bonds.map((b) => `${t.residue.name} ${b.residueAtom}, ${b.ligandAtom}`).join('; ')}` : 'No';
/** A pocket's bonds: `ARG 221 NH2 A, O22; ASP 227A OD1 _, N3` ('' for none; structures/hbonds/canonical-format.ts). */
export const bondListAnswerText = (t: BondListTruth): string => t.bonds.map(formatCanonicalPair).join('; ');

/** A yes/no verdict: `Yes` or `No`. */
export const yesNoAnswerText = (t: YesNoTruth): string => (t.makes ? 'Yes' : 'No');
/** A residue as a list names it: `ASP 189 A`, `GLY 216A _` (number with its insertion letter, chain or `_`). */
export const residueText = (r: TruthResidue): string => `${r.name} ${r.number}${r.insertionCode} ${r.chain || '_'}`;
/** A residue list: `ASP 189 A; TRP 215 A` ('' for none), as the truth lists them. */
export const residueListAnswerText = (t: ResidueListTruth): string => t.residues.map(residueText).join('; ');

const residueLabelOf = (r: TruthResidue): NamedLabel => ({
  kind: 'residue',
  chain: r.chain,
  residueNumber: r.number,
  insertionCode: r.insertionCode,
});

export const commandsAnswer = answerKind('commands', CommandsTruthSchema, commandsAnswerText);
export const letterAnswer = answerKind('letter', LetterTruthSchema, letterAnswerText);
// The residue asked about always ("No" answers too), and each bond's ligand atom.
export const verdictAnswer = answerKind('verdict', VerdictTruthSchema, verdictAnswerText, (t) => [
  { kind: 'residue', chain: t.residue.chain, residueNumber: t.residue.number, insertionCode: t.residue.insertionCode },
  ...t.bonds.map((b): NamedLabel => ({ kind: 'ligand', atomName: b.ligandAtom })),
]);
export const bondListAnswer = answerKind('bonds', BondListTruthSchema, bondListAnswerText, (t) =>
  t.bonds.flatMap((b): NamedLabel[] => [
    { kind: 'residue', chain: b.chain, residueNumber: b.residueNumber, insertionCode: b.insertionCode },
    { kind: 'ligand', atomName: b.ligandAtom },
  ]),
);
// The residue asked about, whatever the verdict.
export const yesNoAnswer = answerKind('yesno', YesNoTruthSchema, yesNoAnswerText, (t) => [residueLabelOf(t.residue)]);
export const residueListAnswer = answerKind('residues', ResidueListTruthSchema, residueListAnswerText, (t) =>
  t.residues.map(residueLabelOf),
);
export const textAnswer = answerKind('text', OwnTruthSchema, () => undefined);

/** Every kind, by name. */
export const ANSWER_KINDS: Readonly<Record<AnswerKindName, AnswerKind>> = {
  commands: commandsAnswer,
  letter: letterAnswer,
  verdict: verdictAnswer,
  bonds: bondListAnswer,
  yesno: yesNoAnswer,
  residues: residueListAnswer,
  text: textAnswer,
};

/** `value` as `schema` reads it, or undefined when it does not conform (a reader's typed view of a record's truth). */
export function parseTruth<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}
