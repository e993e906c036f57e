// The browse site's index of one task: a column per facet (split, tiny, complex, answer and
// each template parameter), every value written once in a dictionary and each question
// holding its number, so a page can filter 160,000 questions without their records; the
// records themselves go to chunks of CHUNK questions in index order (a page loads the one
// chunk a question is in).

import { TINY } from '../../qa/split-names.ts';
import type { QaRecord } from '../dataset/question-record.ts';

/** Questions per record chunk. */
export const CHUNK = 100;

/** A facet's column: `values` once each, `rows` one number per question (-1: the question has none). */
export interface FacetColumn {
  values: string[];
  rows: number[];
}

export interface TaskIndex {
  task: string;
  ids: string[];
  /** split, tiny (yes/no), complex, answer, then `param.<name>` for each scalar parameter. */
  facets: Record<string, FacetColumn>;
}

/** A scalar parameter as a facet value; objects and lists are not facets. */
function facetValue(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** Collects a task's questions in order and builds its index. */
export class TaskIndexBuilder {
  private readonly ids: string[] = [];
  private readonly columns = new Map<string, { codes: Map<string, number>; rows: number[] }>();

  constructor(readonly task: string) {}

  get size(): number {
    return this.ids.length;
  }

  private set(facet: string, row: number, value: string | undefined): void {
    let c = this.columns.get(facet);
    if (!c) this.columns.set(facet, (c = { codes: new Map(), rows: [] }));
    while (c.rows.length < row) c.rows.push(-1);
    if (value === undefined) return void c.rows.push(-1);
    let code = c.codes.get(value);
    if (code === undefined) c.codes.set(value, (code = c.codes.size));
    c.rows.push(code);
  }

  add(r: QaRecord, tiny: boolean): void {
    const row = this.ids.length;
    this.ids.push(r.id);
    this.set('split', row, r.split);
    this.set(TINY, row, tiny ? 'yes' : 'no');
    this.set('complex', row, r.complex);
    this.set('answer', row, r.answer);
    const params = (r.meta?.params ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(params)) this.set(`param.${k}`, row, facetValue(v));
  }

  build(): TaskIndex {
    const facets: Record<string, FacetColumn> = {};
    for (const [name, c] of this.columns) {
      while (c.rows.length < this.ids.length) c.rows.push(-1);
      facets[name] = { values: [...c.codes.keys()], rows: c.rows };
    }
    return { task: this.task, ids: this.ids, facets };
  }
}
