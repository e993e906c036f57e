// What is wrong with a value read from a file, as plain phrases naming each field, from the
// record's declared schema (zod, https://zod.dev: one declaration is both the TypeScript type
// and the check; docs/design.md says why). Readers put the file and line in front:
//   qa/translation.test.jsonl:12: field `answer` must be a string, got number
import * as z from 'zod/v4';

export { z };

/** `a.b[2].c` of a value's path, as messages name a field. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)), '');
}

/** What a JSON value is, as messages say it: string, number, boolean, null, a list, an object. */
export function kindOf(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return typeof v;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function phrase(issue: z.core.$ZodIssue, value: unknown): string {
  const field = issue.path.length ? `field \`${fieldName(issue.path)}\`` : 'the record';
  const got = at(value, issue.path);
  if (issue.code === 'invalid_type') {
    const want = EXPECTED[issue.expected] ?? issue.expected;
    return got === undefined ? `${field} is missing (must be ${want})` : `${field} must be ${want}, got ${kindOf(got)}`;
  }
  if (issue.code === 'invalid_value')
    return `${field} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${JSON.stringify(got)}`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `${field} must not be empty`;
  if (issue.code === 'invalid_union') {
    if (got === undefined) return `${field} is missing`;
    // The branch that came closest says it best; else the union's own words.
    const inner = issue.errors
      .map((e) => e.filter((i) => i.path.length > 0))
      .filter((e) => e.length)
      .sort((a, b) => a.length - b.length)[0];
    if (inner) return inner.map((i) => phrase({ ...i, path: [...issue.path, ...i.path] }, value)).join(', ');
    return `${field} is none of the forms it may take, got ${kindOf(got)}`;
  }
  if (issue.code === 'custom') return `${field} ${issue.message}`;
  return `${field}: ${issue.message}`;
}

/**
 * Whether `value` conforms to `schema`; each problem, one phrase, goes to `problems`. The value
 * itself is kept, not a copy (fields a later misi-gen added stay, key order too).
 */
export function conforms<S extends z.ZodType>(schema: S, value: unknown, problems: string[] = []): value is z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) for (const i of r.error.issues) problems.push(phrase(i, value));
  return r.success;
}

/** Every problem of `value` as `schema` declares it, one phrase each (empty: it conforms). */
export function recordProblems(schema: z.ZodType, value: unknown): string[] {
  const problems: string[] = [];
  conforms(schema, value, problems);
  return problems;
}
