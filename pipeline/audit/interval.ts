// 95 % intervals of a baseline's score over n questions: Wilson's for a share of right
// answers (scores of 0 or 1), the normal one for a mean of partial scores in [0, 1].

const Z95 = 1.959964;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of k right out of n. */
export function wilson(k: number, n: number): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Running mean and interval of scores in [0, 1]: Wilson's while every score is 0 or 1, else normal. */
export class ScoreTally {
  n = 0;
  private sum = 0;
  private squares = 0;
  private binary = true;

  add(score: number): void {
    this.n++;
    this.sum += score;
    this.squares += score * score;
    if (score !== 0 && score !== 1) this.binary = false;
  }

  get mean(): number {
    return this.n ? this.sum / this.n : 0;
  }

  get interval(): Interval {
    if (this.binary) return wilson(this.sum, this.n);
    if (this.n < 2) return { low: 0, high: 1 };
    const variance = Math.max(0, (this.squares - (this.sum * this.sum) / this.n) / (this.n - 1));
    const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(this.n);
    return { low: Math.max(0, this.mean - half), high: Math.min(1, this.mean + half) };
  }
}
