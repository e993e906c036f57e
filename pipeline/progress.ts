// Progress on stderr: a redrawn line on a terminal, a plain line every few seconds otherwise.
export interface Progress {
  update: (done: number, total: number) => void;
  done: () => void;
}

export function progressReporter(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  const start = Date.now();
  let last = 0;
  let shownOnTty = false;
  return {
    update(done, total) {
      const now = Date.now();
      const tty = stream.isTTY;
      if (done < total && now - last < (tty ? 100 : 5000)) return;
      last = now;
      const secs = (now - start) / 1000;
      const rate = done / Math.max(secs, 1e-3);
      const eta = rate > 0 ? (total - done) / rate : 0;
      const line = `${label}: ${done}/${total} (${rate.toFixed(1)}/s, ETA ${eta.toFixed(0)} s)`;
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
