// The small choices-only model: a conditional logit over the options of a question (one
// weight per option feature, option-features.ts; softmax over the question's options),
// fitted on the train questions by full-batch gradient descent with a little L2, then asked
// for the most likely option of each test question. Deterministic: no random start.

export interface OptionExample {
  /** Features per option. */
  features: number[][];
  /** Index of the right option. */
  right: number;
}

const EPOCHS = 300;
const RATE = 0.5;
const L2 = 1e-3;

export class OptionModel {
  private weights: number[] = [];
  private mean: number[] = [];
  private scale: number[] = [];

  fit(examples: readonly OptionExample[]): this {
    const width = examples[0]?.features[0]?.length ?? 0;
    const rows = examples.flatMap((e) => e.features);
    this.mean = Array.from({ length: width }, (_, k) => rows.reduce((s, r) => s + r[k], 0) / Math.max(1, rows.length));
    this.scale = Array.from({ length: width }, (_, k) => {
      const v = rows.reduce((s, r) => s + (r[k] - this.mean[k]) ** 2, 0) / Math.max(1, rows.length);
      return v > 1e-12 ? 1 / Math.sqrt(v) : 0;
    });
    const xs = examples.map((e) => e.features.map((f) => this.standard(f)));
    this.weights = new Array(width).fill(0);
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      const grad = this.weights.map((w) => L2 * w);
      xs.forEach((options, e) => {
        const p = softmax(options.map((x) => dot(this.weights, x)));
        options.forEach((x, i) => {
          const g = p[i] - Number(i === examples[e].right);
          for (let k = 0; k < width; k++) grad[k] += (g * x[k]) / xs.length;
        });
      });
      for (let k = 0; k < width; k++) this.weights[k] -= RATE * grad[k];
    }
    return this;
  }

  /** Index of the option the model finds most likely (the first of equals). */
  pick(features: readonly number[][]): number {
    const scores = features.map((f) => dot(this.weights, this.standard(f)));
    return scores.indexOf(Math.max(...scores));
  }

  private standard(f: readonly number[]): number[] {
    return f.map((v, k) => (v - this.mean[k]) * this.scale[k]);
  }
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k] * b[k];
  return s;
}

function softmax(v: readonly number[]): number[] {
  const m = Math.max(...v);
  const e = v.map((x) => Math.exp(x - m));
  const z = e.reduce((s, x) => s + x, 0);
  return e.map((x) => x / z);
}
