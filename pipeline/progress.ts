// Progress on stderr: a redrawn line on a terminal, a plain line every few seconds otherwise.
export interface Progress {
  update: (done: number, total: number) => void;
  done: () => void;
}

export function progressReporter(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  // The rate is measured from the first update on: the time before it (loading RDKit,
  // starting threads) is start-up, not the pace of the items, and would inflate the ETA.
  let first: { done: number; at: number } | null = null;
  let last = 0;
  let shownOnTty = false;
  return {
    update(done, total) {
      const now = Date.now();
      first ??= { done, at: now };
      const tty = stream.isTTY;
      if (done < total && now - last < (tty ? 100 : 5000)) return;
      last = now;
      const secs = (now - first.at) / 1000;
      const fresh = done - first.done;
      // No ETA until an item has been timed from the first update on.
      const pace = fresh > 0 && secs > 0 ? ` (${(fresh / secs).toFixed(1)}/s, ETA ${(((total - done) * secs) / fresh).toFixed(0)} s)` : '';
      const line = `${label}: ${done}/${total}${pace}`;
      if (tty) {
        stream.write(`\r${line}\x1b[K`);
        shownOnTty = true;
      } else if (done < total) stream.write(`${line}\n`);
    },
    done() {
      if (shownOnTty) stream.write('\n');
    },
  };
}

export interface RunProgress {
  /** Items (complexes) done of total, and images drawn so far in this run. */
  update: (done: number, total: number, images: number) => void;
  done: () => void;
}

/** A duration in seconds as `1h05m`, `3m07s` or `42s` (`?` when unknown). */
export const clock = (s: number) => {
  if (!Number.isFinite(s)) return '?';
  const r = Math.round(s);
  const h = Math.floor(r / 3600);
  const m = Math.floor((r % 3600) / 60);
  return h ? `${h}h${String(m).padStart(2, '0')}m` : m ? `${m}m${String(r % 60).padStart(2, '0')}s` : `${r}s`;
};

/**
 * Progress of a long run on stderr: on a terminal a bar redrawn in place (items done, images
 * per second, ETA); otherwise a plain line every `everyMs` (CI, logs) and one at the end.
 * Items done before the first update (a resumed run) do not count towards the rate.
 */
export function runProgress(label: string, unit: string, stream: NodeJS.WriteStream = process.stderr, everyMs = 10000): RunProgress {
  const start = Date.now();
  let first: number | null = null;
  let last = 0;
  let shown = false;
  let lastLine = '';
  const line = (done: number, total: number, images: number, width: number | null) => {
    const secs = Math.max((Date.now() - start) / 1000, 1e-3);
    const fresh = done - (first ?? 0);
    const eta = fresh > 0 ? ((total - done) * secs) / fresh : Infinity;
    const stats = `${done}/${total} ${unit}, ${images} images, ${(images / secs).toFixed(1)} images/s, ETA ${done >= total ? '0s' : clock(eta)}`;
    if (width === null) return `${label}: ${stats}`;
    const barWidth = Math.max(10, Math.min(30, width - stats.length - label.length - 6));
    const filled = total > 0 ? Math.round((barWidth * done) / total) : barWidth;
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${stats}`;
  };
  return {
    update(done, total, images) {
      first ??= done;
      const now = Date.now();
      const tty = Boolean(stream.isTTY);
      if (now - last < (tty ? 200 : everyMs) && done < total) return;
      last = now;
      if (tty) {
        stream.write(`\r${line(done, total, images, stream.columns ?? 100)}\x1b[K`);
        shown = true;
      } else {
        const text = line(done, total, images, null);
        if (text !== lastLine) stream.write(`${text}\n`);
        lastLine = text;
      }
    },
    done() {
      if (shown) stream.write('\n');
    },
  };
}
