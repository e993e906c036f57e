// What a task's scorer is, and the makers of the nine tasks' scorers (each task module names
// its own: qa/tasks/). A scorer reads a dataset record's answer strictly (a malformed answer
// is an error in the dataset) and returns a function that scores a model's reply to it: the
// composite score in [0, 1] and whether the reply is an exact match (the same answer once
// read: same commands, same letter, same set of bonds). The H-bond tasks' scorers count
// residue atom names no image can tell apart as one (equivalent-atoms.ts) and give the
// paper's rule, names as written, beside it (`asWritten`).
import type { Command } from '../../renders/commands.ts';
import { type BondClassOf, bondSetScore, residueVerdictScore, sameBondSet, sameResidueVerdict } from './bond-scores.ts';
import {
  pocketBondClass,
  readReplyPocketBonds,
  readReplyResidueVerdict,
  readTruthPocketBonds,
  readTruthResidueVerdict,
  residueBondClass,
} from './read-bonds.ts';
import { readReplyLetter, readTruthLetter } from './read-choice.ts';
import { readReplyCommands, readTruthCommands, sameCommand } from './read-commands.ts';
import { dockingParts, dockingScore } from './transform-scores.ts';

export interface ScoredReply {
  /** Composite score in [0, 1] (equal to `exact` for exact-match tasks). */
  score: number;
  exact: boolean;
  /** Whether an answer of the task's form could be read from the reply at all. */
  read: boolean;
  /**
   * The same reply by the paper's rule, residue atom names as written, from a scorer whose
   * `score` and `exact` count equivalent names as one (`equivalentAtomNames`); absent
   * otherwise, when the two rules agree.
   */
  asWritten?: { score: number; exact: boolean };
}

export interface ScorableRecord {
  answer: string;
  options?: Record<string, string>;
}

export interface TaskScorer {
  /** 'composite' when partial credit exists, 'exact match' when the score is 0 or 1. */
  metric: 'composite' | 'exact match';
  /** One line saying how a reply is scored, printed with the table. */
  definition: string;
  /**
   * True when the answers name residue atoms and `score` / `exact` count the names no image
   * can tell apart as one (qa/scoring/equivalent-atoms.ts); each reply then also gives
   * `asWritten`. Absent (false) for a task whose two rules cannot differ.
   */
  equivalentAtomNames?: boolean;
  /** Reads the record's answer (throws with the reason when malformed) and scores replies. */
  prepare(record: ScorableRecord): (reply: string) => ScoredReply;
}

function oneCommand(answer: string, kind: Command['kind'], axes: string): Command {
  const commands = readTruthCommands(answer);
  if (commands.length !== 1 || commands[0].kind !== kind || !axes.includes(commands[0].axis)) {
    throw new Error(`expected one '${kind} <${axes.split('').join('|')}> <number>', found '${answer}'`);
  }
  return commands[0];
}

/** A one-command task: the reply's first command is its answer. */
export function commandScorer(
  kind: Command['kind'],
  axes: string,
  metric: TaskScorer['metric'],
  definition: string,
  score: (p: Command | undefined, t: Command) => number,
): TaskScorer {
  return {
    metric,
    definition,
    prepare(record) {
      const truth = oneCommand(record.answer, kind, axes);
      return (reply) => {
        const first = readReplyCommands(reply)?.[0];
        const exact = first !== undefined && sameCommand(first, truth);
        return { score: metric === 'exact match' ? Number(exact) : score(first, truth), exact, read: first !== undefined };
      };
    },
  };
}

/** A choice task: the letter read from the reply (or the option it quotes). */
export function choiceScorer(): TaskScorer {
  return {
    metric: 'exact match',
    definition: 'the letter chosen (A-D) is the right one',
    prepare(record) {
      const truth = readTruthLetter(record.answer);
      return (reply) => {
        const letter = readReplyLetter(reply, record.options);
        return { score: Number(letter === truth), exact: letter === truth, read: letter !== undefined };
      };
    },
  };
}

export const dockingScorer: TaskScorer = {
  metric: 'composite',
  definition:
    'half the roll (as rotation) + half the move (0 unless axis and sign right, then 1 - |error| / |true distance|, floored at 0)',
  prepare(record) {
    const commands = readTruthCommands(record.answer);
    const parts = dockingParts(commands);
    if (commands.length !== 2 || !parts.roll || !parts.move) {
      throw new Error(`expected 'roll <axis> <angle>, move <axis> <distance>', found '${record.answer}'`);
    }
    const truth = { roll: parts.roll, move: parts.move };
    return (reply) => {
      const said = readReplyCommands(reply);
      const p = dockingParts(said ?? []);
      const exact = !!p.roll && !!p.move && sameCommand(p.roll, truth.roll) && sameCommand(p.move, truth.move);
      return { score: dockingScore(p, truth), exact, read: !!(p.roll || p.move) };
    };
  },
};

export const residueLigandScorer: TaskScorer = {
  metric: 'composite',
  definition:
    'true No: 1 only for No; else 0 if more than twice as many bonds as true, 0.5 if all true bonds plus invented ones, otherwise the share of true bonds found',
  equivalentAtomNames: true,
  prepare(record) {
    const truth = readTruthResidueVerdict(record.answer);
    return (reply) => {
      const said = readReplyResidueVerdict(reply);
      return {
        score: residueVerdictScore(truth, said, residueBondClass),
        exact: sameResidueVerdict(truth, said, residueBondClass),
        read: said !== undefined,
        asWritten: { score: residueVerdictScore(truth, said), exact: sameResidueVerdict(truth, said) },
      };
    };
  },
};

export const pocketLigandScorer: TaskScorer = {
  metric: 'composite',
  definition:
    '0 if more than twice as many bonds as true, 0.5 if all true bonds plus invented ones, otherwise the share of true bonds found',
  equivalentAtomNames: true,
  prepare(record) {
    const truth = readTruthPocketBonds(record.answer);
    return (reply) => {
      const said = readReplyPocketBonds(reply);
      const by = (classOf?: BondClassOf) => ({
        score: said === undefined ? 0 : bondSetScore(truth, said, classOf),
        exact: said !== undefined && sameBondSet(truth, said, classOf),
      });
      return { ...by(pocketBondClass), read: said !== undefined, asWritten: by() };
    };
  },
};

/** For a task that names no scorer: the reply, trimmed, is the answer, trimmed. */
export const exactTextScorer: TaskScorer = {
  metric: 'exact match',
  definition: 'the reply is the answer, word for word (spaces at the ends aside)',
  prepare(record) {
    const truth = record.answer.trim();
    return (reply) => {
      const exact = reply.trim() === truth;
      return { score: Number(exact), exact, read: reply.trim() !== '' };
    };
  },
};
