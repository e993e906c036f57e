// Progress of an eval run on stderr: questions answered of those to send, requests per
// second, ETA, and the tokens the server reported. Redrawn in place on a terminal; a plain
// line every `everyMs` otherwise (logs, CI), and one at the end.

import { clock } from '../progress.ts';
import type { Usage } from './reply-body.ts';

const tokens = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(n));

export interface EvalProgress {
  /** One question finished (answered or given up); usage when the server reported it. */
  step: (usage?: Usage) => void;
  done: () => void;
}

export function evalProgress(total: number, stream: NodeJS.WriteStream = process.stderr, everyMs = 10000): EvalProgress {
  const start = Date.now();
  let finished = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let reported = false;
  let last = 0;
  let drawn = false;
  const line = () => {
    const secs = Math.max((Date.now() - start) / 1000, 1e-3);
    const rate = finished / secs;
    const eta = finished >= total ? 0 : rate > 0 ? (total - finished) / rate : Infinity;
    const used = reported ? `, tokens ${tokens(promptTokens)} in / ${tokens(completionTokens)} out` : '';
    return `eval: ${finished}/${total} questions, ${rate.toFixed(2)}/s, ETA ${clock(eta)}${used}`;
  };
  const show = (force: boolean) => {
    const now = Date.now();
    const tty = Boolean(stream.isTTY);
    if (!force && now - last < (tty ? 200 : everyMs)) return;
    last = now;
    if (tty) {
      stream.write(`\r${line()}\x1b[K`);
      drawn = true;
    } else stream.write(`${line()}\n`);
  };
  return {
    step(usage) {
      finished++;
      if (usage) {
        reported = true;
        promptTokens += usage.promptTokens;
        completionTokens += usage.completionTokens;
      }
      show(false);
    },
    done() {
      if (total > 0) show(true);
      if (drawn) stream.write('\n');
    },
  };
}
