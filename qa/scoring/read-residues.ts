// Residue lists as pocket_interactions writes them (`ASP 189 A; GLY 216A _`: residue name,
// number with its insertion letter, chain or `_`; qa/answer-kinds.ts residueText): the
// reply reader, which takes every residue it finds in free text, and the strict reader of
// an answer, which names what is not a residue (the human page accepts a typed answer only
// when this reads it).

/** A residue in `NAME NUMBER CHAIN` form, as a set member (upper case, `_` for no chain). */
export type ResidueKey = string;

const RESIDUE = /^([A-Z0-9]{1,3}) (-?\d+)([A-Z]?) ([A-Z0-9_]+)$/;
const IN_TEXT = /\b([A-Z0-9]{1,3}) (-?\d+)([A-Z]?) ([A-Z0-9_]+)\b/g;

const key = (m: RegExpMatchArray): ResidueKey => `${m[1]} ${m[2]}${m[3]} ${m[4]}`;

/** Every residue a reply names, wherever it stands in the text (none: an empty set). */
export function readReplyResidues(reply: string): Set<ResidueKey> {
  return new Set([...reply.toUpperCase().matchAll(IN_TEXT)].map(key));
}

/** The residues of an answer written as the question asks (`none` or '' for none); throws naming the first part that is not a residue. */
export function readTruthResidues(answer: string): Set<ResidueKey> {
  const t = answer.trim();
  if (!t || /^none$/i.test(t)) return new Set();
  const out = new Set<ResidueKey>();
  for (const part of t.split(';')) {
    const m = part.trim().replace(/\s+/g, ' ').toUpperCase().match(RESIDUE);
    if (!m) throw new Error(`'${part.trim()}' is not a residue as 'NAME NUMBER CHAIN' (e.g. 'ASP 189 A', '_' for no chain)`);
    out.add(key(m));
  }
  return out;
}
