// Reading hydrogen-bond lists: the dataset's canonical answers strictly, a model's reply
// tolerantly (any order, spacing, case, words around, bullets or new lines instead of `;`).
//
// Residue-ligand bonds name the residue, its atom and the ligand atom: `ARG NH2, O22`.
// Pocket-ligand bonds add the residue number (with insertion code) and the chain (`_` when
// blank): `ARG 221 NH2 A, O22`. A bond is identified by those fields, upper-cased; its
// class (residueBondClass, pocketBondClass) puts the residue atom's equivalent names as one
// (equivalent-atoms.ts).
import { readFromRegions } from './answer-text.ts';
import { atomClass } from './equivalent-atoms.ts';

/** A bond as a comparable key: its fields upper-cased, joined by spaces. */
export type BondKey = string;

/** What a residue-ligand reply claims: `No`, or `Yes` with its bonds (maybe none listed). */
export type ResidueVerdict = { kind: 'no' } | { kind: 'yes'; bonds: Set<BondKey> };

const ATOM = String.raw`[\w'*]+`;
const RESIDUE = String.raw`(?<![\w'*-])([A-Za-z][A-Za-z0-9]{0,3})`;
const NUMBER = String.raw`(-?\d+[A-Za-z]?)`;
const END = String.raw`(?![\w'*])`;

/** `ARG NH2, O22`, also `ARG 221 NH2, O22` (a residue number here is read and ignored). */
const RESIDUE_BOND = new RegExp(String.raw`${RESIDUE}\s+(?:-?\d+[A-Za-z]?\s+)?(${ATOM})\s*,\s*(${ATOM})${END}`, 'g');
/** `ARG 221 NH2 A, O22`; without a chain it is still a claimed bond, one that matches none.
 * A chain is one character, `_` (no chain id), or a generated id of several chains without
 * ids (`_1`, `_2`: structures/blank-chains.ts) or a longer mmCIF chain id (up to 4). */
const POCKET_BOND = new RegExp(String.raw`${RESIDUE}\s+${NUMBER}\s+(${ATOM})(?:\s+([A-Za-z0-9_]{1,4}))?\s*,\s*(${ATOM})${END}`, 'g');

const key = (...fields: string[]): BondKey => fields.map((f) => f.toUpperCase()).join(' ');

/** Marks a pocket bond written without its chain: it can never equal a true bond. */
const NO_CHAIN = '(no chain)';

/** The key with the residue atom (field `at`; the residue name is field 0) put in its class. */
function classKey(bond: BondKey, at: number): string {
  const fields = bond.split(' ');
  fields[at] = atomClass(fields[0], fields[at]);
  return fields.join(' ');
}

/** A residue-ligand bond (`ARG NH2 O22`) with equivalent residue atom names as one: `ARG NH1|NH2 O22`. */
export const residueBondClass = (bond: BondKey): string => classKey(bond, 1);

/** A pocket-ligand bond (`ARG 221 NH2 A O22`) with equivalent residue atom names as one: `ARG 221 NH1|NH2 A O22`. */
export const pocketBondClass = (bond: BondKey): string => classKey(bond, 2);

export function findResidueBonds(text: string): Set<BondKey> {
  return new Set([...text.matchAll(RESIDUE_BOND)].map((m) => key(m[1], m[2], m[3])));
}

export function findPocketBonds(text: string): Set<BondKey> {
  return new Set([...text.matchAll(POCKET_BOND)].map((m) => key(m[1], m[2], m[3], m[4] ?? NO_CHAIN, m[5])));
}

const firstWord = (text: string, words: RegExp) => words.exec(text)?.[1]?.toLowerCase();

/**
 * A residue-ligand reply: any bond listed makes it a `Yes` with those bonds; otherwise the
 * first `yes`, `no` or `none` decides. Undefined when the reply says neither.
 */
export function readReplyResidueVerdict(reply: string): ResidueVerdict | undefined {
  return readFromRegions<ResidueVerdict>(reply, (text) => {
    const bonds = findResidueBonds(text);
    if (bonds.size) return { kind: 'yes', bonds };
    const word = firstWord(text, /\b(yes|no|none)\b/i);
    if (word === 'yes') return { kind: 'yes', bonds };
    if (word === 'no' || word === 'none') return { kind: 'no' };
    return undefined;
  });
}

/**
 * A pocket-ligand reply: the bonds it lists; an empty set when it says there are none
 * (`none`, `no hydrogen bonds`); undefined when it says neither.
 */
export function readReplyPocketBonds(reply: string): Set<BondKey> | undefined {
  return readFromRegions(reply, (text) => {
    const bonds = findPocketBonds(text);
    if (bonds.size) return bonds;
    return /\b(no|none)\b/i.test(text) ? bonds : undefined;
  });
}

function strictItems(list: string, item: RegExp, what: string): string[][] {
  if (list.trim() === '') return [];
  return list.split(';').map((part) => {
    const m = item.exec(part.trim());
    if (!m) throw new Error(`'${part.trim()}' is not a ${what} bond`);
    return m.slice(1);
  });
}

/** A dataset's residue-ligand answer: `No` or `Yes: ARG NH2, O22; ARG N, O23`. */
export function readTruthResidueVerdict(answer: string): ResidueVerdict {
  const a = answer.trim();
  if (a === 'No') return { kind: 'no' };
  const m = /^Yes:\s*(.+)$/.exec(a);
  if (!m) throw new Error(`expected 'No' or 'Yes: <bonds>', found '${answer}'`);
  const items = strictItems(m[1], /^(\S+) (\S+), (\S+)$/, 'residue-ligand');
  return { kind: 'yes', bonds: new Set(items.map((f) => key(...f))) };
}

/** One pocket-ligand bond as the dataset writes it: `ARG 221 NH2 A, O22` (blank chain `_`). */
const STRICT_POCKET_BOND = /^(\S+) (-?\d+[A-Za-z]?) (\S+) ([A-Za-z0-9_]{1,4}), (\S+)$/;

/** A dataset's pocket-ligand answer: `ARG 221 NH2 A, O22; ARG 221 N A, O23` ('' for none). */
export function readTruthPocketBonds(answer: string): Set<BondKey> {
  const items = strictItems(answer, STRICT_POCKET_BOND, 'pocket-ligand');
  return new Set(items.map((f) => key(...f)));
}

/** One bond as the dataset writes it (`ASP 227A OD1 _, N3`: structures/hbonds/canonical-format.ts),
 * its fields as written (blank chain ''); undefined when the text is not one. */
export function readPocketBond(
  text: string,
):
  | { residueName: string; residueNumber: number; insertionCode: string; residueAtom: string; chain: string; ligandAtom: string }
  | undefined {
  const m = STRICT_POCKET_BOND.exec(text.trim());
  if (!m) return undefined;
  const n = /^(-?\d+)([A-Za-z]?)$/.exec(m[2])!;
  return {
    residueName: m[1],
    residueNumber: Number(n[1]),
    insertionCode: n[2],
    residueAtom: m[3],
    chain: m[4] === '_' ? '' : m[4],
    ligandAtom: m[5],
  };
}
