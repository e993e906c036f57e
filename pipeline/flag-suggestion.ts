// "Did you mean --structures?" for a misspelt flag: yargs' recommendCommands covers command
// names only, so an unknown option is matched here against the options of the command that
// was run, by edit distance (insertions, deletions, substitutions, swaps of neighbours).

/** Edit distance of a and b, with a swap of two neighbouring letters costing 1. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known flag nearest to `unknown` (no dashes), or null when none is close: at most 1 edit for short names, a third of the length for long ones. */
export function nearestFlag(unknown: string, known: readonly string[]): string | null {
  const word = unknown.replace(/^-+/, '').split('=')[0];
  let best: { flag: string; d: number } | null = null;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (!best || d < best.d || (d === best.d && k < best.flag)) best = { flag: k, d };
  }
  if (!best) return null;
  const limit = Math.max(1, Math.floor(word.length / 3));
  // A known flag that begins with the word (an abbreviation) is also a good guess.
  const prefix = known.filter((k) => word.length >= 3 && k.startsWith(word)).sort();
  if (best.d <= limit) return best.flag;
  return prefix.length === 1 ? prefix[0] : null;
}

/**
 * yargs' `Unknown argument: structure` (or `Unknown arguments: a, b`) with a suggestion per
 * word added; other messages unchanged.
 */
export function withFlagSuggestions(message: string, known: readonly string[]): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  // yargs names a dashed word twice, also in camelCase (`tset-share, tsetShare`): once is enough.
  const given = m[1].split(', ');
  const kebab = (w: string) => w.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const words = given.filter((w) => !(w !== kebab(w) && given.includes(kebab(w))));
  message = `Unknown argument${words.length === 1 ? '' : 's'}: ${words.join(', ')}`;
  const hints = words
    .map((w) => {
      const near = nearestFlag(w, known);
      return near ? `--${w.replace(/^-+/, '')}: did you mean --${near}?` : null;
    })
    .filter((h): h is string => h !== null);
  return hints.length ? `${message} (${hints.join('; ')})` : message;
}

/**
 * yargs names an option by its key (`Argument: split-by, Given: "proteins", Choices: ...`,
 * `Missing required argument: out`); the user typed a flag, perhaps an alias (`--by`). The
 * message with each option named as typed on `argv` (else as `--key`): `Invalid value for
 * --by: "proteins". Choices: "complex", "scaffold", ...`.
 */
export function withFlagsAsTyped(message: string, argv: readonly string[], aliases: Readonly<Record<string, readonly string[]>>): string {
  const typed = (key: string) => {
    const names = [key, ...(aliases[key] ?? [])].filter((n) => n.length > 1);
    const word = argv.find((w) => names.some((n) => w === `--${n}` || w.startsWith(`--${n}=`)));
    return word ? word.split('=')[0] : `--${key}`;
  };
  const invalid = /^Invalid values?:\s*\n?\s*Argument: ([^,]+), Given: (.+?), Choices: (.+)$/s.exec(message);
  if (invalid)
    return `Invalid value for ${typed(invalid[1].trim())}: ${invalid[2]}. Choices: ${invalid[3].trim().replace(/\s*\n\s*/g, ' ')}`;
  const missing = /^Missing required arguments?: (.+)$/.exec(message);
  if (missing) return `Missing required option${missing[1].includes(',') ? 's' : ''}: ${missing[1].split(', ').map(typed).join(', ')}`;
  return message;
}
