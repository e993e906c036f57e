// The antialiasing choices, listed once: the style's type, the CLI's `--antialias` (its
// choices, help and usage message) and the page (renders/page/, which switches over the
// type) all take them from here. No imports, so the page's type check can read it too.

/**
 * How outlines are smoothed (docs/rendering.md), each with the help text the CLI shows:
 * 'edge' draws once at image size, each impostor pixel near its shape's outline noting where
 * the outline is, and blends each such pixel with its neighbour across the outline after
 * read-back (the default since renderer 6); 'supersample' draws 2 x 2 times the pixels and
 * averages them (renderer 3's only method); 'none' hits or misses each pixel at its centre.
 */
export const ANTIALIAS_CHOICES = {
  edge: 'one pass at image size, outline pixels blended with their neighbour across the outline',
  supersample: '2 x 2 times the pixels, averaged',
  none: 'each pixel hit or missed at its centre',
} as const;

export type AntialiasMethod = keyof typeof ANTIALIAS_CHOICES;
export const ANTIALIAS_METHODS = Object.keys(ANTIALIAS_CHOICES) as AntialiasMethod[];

/**
 * The default: the fastest method whose edges stay near supersampling's (docs/rendering.md,
 * scripts/aa-quality.ts): 'edge' drew 1.34x supersampling's images per second (`misi-gen
 * bench`, quiet machine) with edges nearer supersampling's than the retired coverage
 * method's; 'none' (also above the whole-image SSIM bar) is faster still (1.68x in the same
 * run) but its edges are jagged; 'supersample' when renderer 3's pixels matter more than speed.
 */
export const DEFAULT_ANTIALIAS: AntialiasMethod = 'edge';

/**
 * Methods that older runs used and this renderer no longer draws, with what to use instead.
 * A manifest that records one still reads (the manifest keeps its word); a new run asking
 * for one gets a usage message.
 */
export const RETIRED_ANTIALIAS = {
  coverage:
    "'coverage' (outline coverage in a second geometry pass, renderer 5's default) is no longer drawn; use 'edge', the default, whose edges came nearer 2 x 2 supersampling's in one pass",
} as const;

/** `text` as a method, or a usage message (naming the choices, and `edge` for a retired one). */
export function parseAntialias(text: string, flag = '--antialias'): AntialiasMethod | { problem: string } {
  const t = text.trim();
  if ((ANTIALIAS_METHODS as string[]).includes(t)) return t as AntialiasMethod;
  const retired = Object.hasOwn(RETIRED_ANTIALIAS, t) ? RETIRED_ANTIALIAS[t as keyof typeof RETIRED_ANTIALIAS] : null;
  if (retired) return { problem: `${flag} ${t}: ${retired}` };
  return { problem: `${flag} ${JSON.stringify(t)}: the choices are ${ANTIALIAS_METHODS.join(', ')}` };
}

/** The CLI's help line for `--antialias`. */
export function antialiasHelp(): string {
  return ANTIALIAS_METHODS.map((m) => `${m} (${ANTIALIAS_CHOICES[m]})`).join(', ');
}
