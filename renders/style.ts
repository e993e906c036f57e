// How a scene looks: one object holding every visual choice, with the defaults docs/rendering.md
// describes (sticks, hydrogens hidden, O red, N blue, ligand carbons grey, pocket carbons
// alternating per residue, labels on residues and ligand atoms, black background,
// antialiased). Each part can be switched or changed; the style is part of the scene key.

import { type AntialiasMethod, DEFAULT_ANTIALIAS, parseAntialias } from './antialias-methods.ts';
import type { LabelLayoutMode } from './label-layout.ts';

export interface LabelStyle {
  /** `NAME NUMBER` on every pocket residue, placed at its CA (else its first drawn atom). */
  residues: boolean;
  /** The atom name on every ligand atom, placed at the atom; `polar`: on its nitrogen, oxygen
   * and sulfur atoms only, the ones a hydrogen bond can join (HBOND_ELEMENTS). */
  ligandAtoms: boolean | 'polar';
  /** Font size in CSS pixels. */
  fontSize: number;
  fontColor: string;
  /** Box behind the text; opacity 0 draws no box. */
  backgroundColor: string;
  backgroundOpacity: number;
  /** Where labels go (renders/label-layout.ts): `clear` (off the molecule and each other, or
   * left out), `prefer-clear` (every label, off the molecule where a spot allows), `avoid`
   * (clear of each other where a spot allows) or `anchored` (3Dmol's: the box's top-left
   * corner on the atom). */
  layout: LabelLayoutMode;
  /** Space between the text and its box's edges, CSS pixels. */
  padding: number;
  /** Height of the text line inside the box, in font sizes; the baseline sits 0.25 of a
   * font size above the line's bottom. */
  lineHeight: number;
}

// The antialiasing methods and the default are listed in antialias-methods.ts.
export { ANTIALIAS_METHODS, type AntialiasMethod, DEFAULT_ANTIALIAS } from './antialias-methods.ts';

/**
 * Box defaults of each layout. `anchored` keeps 3Dmol's (4 px padding, 55 % black);
 * `avoid`, `clear` and `prefer-clear` pack labels closer (1 px padding, a line 1.05 font sizes tall:
 * DejaVu Sans's capitals and digits are 0.73 of a font size tall, descenders 0.24) and darkens the box to 70 % black, so white
 * text keeps a contrast of at least 8.5:1 over any colour (over white the box blends to
 * grey 77, relative luminance 0.074: (1 + 0.05) / (0.074 + 0.05)), where 55 % gives 4.8:1.
 */
const PACKED_BOX: Pick<LabelStyle, 'padding' | 'backgroundOpacity' | 'lineHeight'> = {
  padding: 1,
  backgroundOpacity: 0.7,
  lineHeight: 1.05,
};
export const LABEL_LAYOUT_DEFAULTS: Record<LabelLayoutMode, Pick<LabelStyle, 'padding' | 'backgroundOpacity' | 'lineHeight'>> = {
  clear: PACKED_BOX,
  'prefer-clear': PACKED_BOX,
  avoid: PACKED_BOX,
  anchored: { padding: 4, backgroundOpacity: 0.55, lineHeight: 1.25 },
};

export interface Style {
  /** Sticks (the dataset), or spheres (tests that look for atom centres in the pixels). */
  representation: 'stick' | 'sphere';
  /** Stick radius, angstrom. */
  stickRadius: number;
  /** Sphere radius for the sphere representation, angstrom. */
  sphereRadius: number;
  /** Draw hydrogens (they are always kept in the model). */
  hydrogens: boolean;
  /** Colours by element for non-carbon atoms; elements not listed take 3Dmol's (Jmol) colours. */
  elementColors: Record<string, string>;
  ligandCarbon: string;
  /** Pocket carbons cycle through these, one per residue in file order. */
  pocketCarbons: string[];
  labels: LabelStyle;
  background: string;
  antialias: AntialiasMethod;
}

export const DEFAULT_STYLE: Style = {
  representation: 'stick',
  stickRadius: 0.2,
  sphereRadius: 0.4,
  hydrogens: false,
  // ChimeraX's (and Jmol's) element colours for the two the spec names.
  elementColors: { O: '#FF0D0D', N: '#3050F8' },
  ligandCarbon: '#909090',
  pocketCarbons: ['#BF99F2', '#F2B366'],
  labels: {
    residues: true,
    ligandAtoms: true,
    fontSize: 12,
    fontColor: '#FFFFFF',
    backgroundColor: '#000000',
    ...LABEL_LAYOUT_DEFAULTS.clear,
    layout: 'clear',
  },
  background: '#000000',
  antialias: DEFAULT_ANTIALIAS,
};

/**
 * A partial style, as callers and the CLI give it. `antialias` also takes a boolean: true
 * is the default method, false is 'none'.
 */
export type StyleOverrides = Partial<Omit<Style, 'labels' | 'antialias'>> & {
  labels?: Partial<LabelStyle> | false;
  antialias?: AntialiasMethod | boolean;
};

/**
 * The default style with `overrides` laid over it; `labels: false` turns all labels off. A
 * label layout brings its own box defaults (LABEL_LAYOUT_DEFAULTS) unless they are given.
 */
export function makeStyle(overrides: StyleOverrides = {}): Style {
  const { labels, antialias, ...rest } = overrides;
  const base = structuredClone(DEFAULT_STYLE);
  const layout = labels ? labels.layout : undefined;
  if (layout) Object.assign(base.labels, LABEL_LAYOUT_DEFAULTS[layout], { layout });
  const merged: Style = { ...base, ...structuredClone(rest) };
  if (antialias !== undefined) merged.antialias = antialias === true ? DEFAULT_ANTIALIAS : antialias === false ? 'none' : antialias;
  const method = parseAntialias(String(merged.antialias), 'style.antialias');
  if (typeof method !== 'string') throw new Error(method.problem);
  if (rest.elementColors) merged.elementColors = { ...base.elementColors, ...rest.elementColors };
  if (labels === false) merged.labels = { ...base.labels, residues: false, ligandAtoms: false };
  else if (labels) merged.labels = { ...base.labels, ...labels };
  if (merged.pocketCarbons.length === 0) throw new Error('style.pocketCarbons must hold at least one colour');
  return merged;
}

/** Which labels a scene draws: every residue and ligand atom (the paper's), every residue and
 * the ligand atoms a hydrogen bond can join (N, O, S), residues only, ligand atom names only, or none. */
export type LabelSet = 'all' | 'polar' | 'residues' | 'ligand' | 'none';
export const LABEL_SETS: readonly LabelSet[] = ['all', 'polar', 'residues', 'ligand', 'none'];

const withSetCache = new WeakMap<Style, Map<LabelSet, Style>>();

/** `style` drawing the labels of `set` (the same object for the same style and set: drawn scenes are cached by style). */
export function withLabelSet(style: Style, set: LabelSet): Style {
  const residues = set === 'all' || set === 'polar' || set === 'residues',
    ligandAtoms = set === 'polar' ? 'polar' : set === 'all' || set === 'ligand';
  if (style.labels.residues === residues && style.labels.ligandAtoms === ligandAtoms) return style;
  let bySet = withSetCache.get(style);
  if (!bySet) withSetCache.set(style, (bySet = new Map()));
  let hit = bySet.get(set);
  if (!hit) bySet.set(set, (hit = { ...style, labels: { ...style.labels, residues, ligandAtoms } }));
  return hit;
}

/** The label set a style draws. */
export function labelSetOf(style: Style): LabelSet {
  const { residues, ligandAtoms } = style.labels;
  if (residues && ligandAtoms === 'polar') return 'polar';
  return residues && ligandAtoms ? 'all' : residues ? 'residues' : ligandAtoms ? 'ligand' : 'none';
}
