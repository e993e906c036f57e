// The question-text-only baseline: the answer given most often on train to questions of the
// same wording once its numbers are blanked (the template and its word parameters: axis,
// residue name, atom names), else the most frequent train answer of the task. Keys are
// hashed, so memory grows with the number of distinct wordings, not with their length.
import { createHash } from 'node:crypto';

export function wordingKey(question: string): string {
  return createHash('sha1')
    .update(question.replace(/\d+(\.\d+)?/g, '#'))
    .digest('base64');
}

/** Counts of answers per key, then the most frequent (ties: the first in sorted order). */
export class MajorityTable {
  private readonly byKey = new Map<string, Map<string, number>>();
  private readonly overall = new Map<string, number>();
  private best = new Map<string, string>();
  private overallBest: string | undefined;

  add(key: string, answer: string): void {
    const m = this.byKey.get(key) ?? new Map<string, number>();
    m.set(answer, (m.get(answer) ?? 0) + 1);
    this.byKey.set(key, m);
    this.overall.set(answer, (this.overall.get(answer) ?? 0) + 1);
  }

  /** Fixes the answers (call once all train questions are in). */
  freeze(): this {
    this.best = new Map([...this.byKey].map(([k, m]) => [k, mostFrequent(m)!]));
    this.overallBest = mostFrequent(this.overall);
    return this;
  }

  answer(key: string): string | undefined {
    return this.best.get(key) ?? this.overallBest;
  }
}

function mostFrequent(m: ReadonlyMap<string, number>): string | undefined {
  let best: [string, number] | undefined;
  for (const e of m) if (!best || e[1] > best[1] || (e[1] === best[1] && e[0] < best[0])) best = e;
  return best?.[0];
}
