// Contact sheets picked questions spread over the list only, so the residue_ligand sheet
// showed only "Yes" questions (issue 45); now they are picked across verdicts and letters.
// And the question text names the colour of every element the renderer draws in the sample
// and the shared PDBbind set, each the colour the renderer uses (renders/style.ts, else
// 3Dmol.js's Jmol table, the page's fallback). Real generate and preview runs (Chromium).

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { answerKind, pickAcrossAnswers } from '../../pipeline/preview/read-questions.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { DEFAULT_STYLE } from '../../renders/style.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { HAVE_SHARED, REPO, SAMPLE, SHARED } from '../shared-structures.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args, { cwd: REPO });
const root = mkdtempSync(join(tmpdir(), 'misi-preview-picks-'));
const data = join(root, 'data');
after(() => rmSync(root, { recursive: true, force: true }));

before(async () => {
  if (noBrowser) return;
  const r = await cli(
    'generate',
    '--out',
    data,
    '--tasks',
    'residue_ligand,translation_rotation',
    '--per-complex',
    'residue_ligand=6/6,translation_rotation=4/4',
    '--size',
    '128',
    '--test-share',
    '0.5',
    '--workers',
    '1',
  );
  assert.equal(r.status, 0, r.stderr);
});

const records = (task: string) =>
  readdirSync(join(data, 'qa'))
    .filter((f) => f.startsWith(`${task}.`) && !f.includes('.tiny.'))
    .flatMap((f) =>
      readFileSync(join(data, 'qa', f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    );

test('picked across kinds of answer: a small kind is not crowded out, the list order kept', async () => {
  const list = [
    ...Array.from({ length: 20 }, (_, i) => ({ id: `y${String(i).padStart(2, '0')}`, answer: 'Yes: ARG N, O1' })),
    ...Array.from({ length: 4 }, (_, i) => ({ id: `z${i}`, answer: 'No' })),
  ];
  const picked = pickAcrossAnswers(list, 8);
  assert.equal(picked.length, 8);
  assert.equal(picked.filter((q) => q.answer === 'No').length, 4);
  assert.deepEqual(
    picked.map((q) => q.id),
    [...picked.map((q) => q.id)].sort(),
  );
  const choice = ['A', 'A', 'A', 'A', 'A', 'A', 'B', 'C', 'C', 'D'].map((answer, i) => ({ id: String(i), answer, options: [1, 2, 3, 4] }));
  assert.deepEqual(new Set(pickAcrossAnswers(choice, 4).map((q) => q.answer)), new Set(['A', 'B', 'C', 'D']));
  assert.equal(answerKind({ answer: 'move x 3' }), null);
});

test('preview shows Yes and No on the residue_ligand sheet, and more than one letter on a choice sheet', { skip: noBrowser }, async () => {
  const verdicts = new Set(records('residue_ligand').map((r) => answerKind(r)));
  assert.deepEqual([...verdicts].sort(), ['No', 'Yes'], 'the dataset holds both verdicts');
  const letters = new Set(records('translation_rotation').map((r) => r.answer));
  assert.ok(letters.size >= 2, `letters in the dataset: ${[...letters]}`);
  const out = join(root, 'preview');
  const r = await cli('preview', data, '--out', out, '--n', '4');
  assert.equal(r.status, 0, r.stderr);
  const shown = (task: string) =>
    [...readFileSync(join(out, `${task}.html`), 'utf8').matchAll(/Answer: <b>([^<]*)<\/b>/g)].map((m) => m[1]);
  const rl = shown('residue_ligand');
  assert.equal(rl.length, 4);
  assert.ok(rl.some((a) => a.startsWith('Yes')) && rl.some((a) => a.startsWith('No')), `residue_ligand shows ${rl.join(' | ')}`);
  const tr = shown('translation_rotation');
  assert.ok(new Set(tr).size >= 2, `translation_rotation shows ${tr.join(' | ')}`);
});

/** 3Dmol.js's Jmol colours by element, as the page falls back to them (renders/page/scene-page.js). */
function jmolColours(): Map<string, string> {
  const text = readFileSync(join(REPO, 'node_modules/3dmol/build/3Dmol.js'), 'utf8');
  const start = text.indexOf('Jmol: {', text.indexOf('Preset element coloring'));
  const body = text.slice(start, text.indexOf('}', start));
  return new Map([...body.matchAll(/\b([A-Z][a-z]?): 0x([0-9a-f]{6})/g)].map((m) => [m[1], `#${m[2].toUpperCase()}`]));
}

const NAMES: Record<string, string> = {
  O: 'oxygen',
  N: 'nitrogen',
  S: 'sulfur',
  P: 'phosphorus',
  F: 'fluorine',
  Cl: 'chlorine',
  Br: 'bromine',
  I: 'iodine',
  B: 'boron',
  Se: 'selenium',
  As: 'arsenic',
  Zn: 'zinc',
  Fe: 'iron',
  Mg: 'magnesium',
  Ca: 'calcium',
  Mn: 'manganese',
  Na: 'sodium',
  K: 'potassium',
  Ni: 'nickel',
  Cu: 'copper',
  Co: 'cobalt',
  Cd: 'cadmium',
};

/** Elements of the atoms in PDB and SDF files under `dir` (columns 77-78; the SDF atom block's symbol). */
function elementsIn(dir: string): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, f);
    if (/\.(pdb|ent)$/.test(f)) {
      for (const l of readFileSync(path, 'utf8').split('\n')) if (/^(ATOM  |HETATM)/.test(l)) out.add(l.slice(76, 78).trim());
    } else if (/_ligand\.sdf$/.test(f)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/^\s*-?\d+\.\d+\s+-?\d+\.\d+\s+-?\d+\.\d+\s+([A-Z][a-z]?)\s/gm)) out.add(m[1]);
    }
  }
  return new Set([...out].filter(Boolean).map((e) => e[0] + e.slice(1).toLowerCase()));
}

test('the question text gives every element colour the renderer uses, each as drawn', { skip: noBrowser }, async () => {
  const question: string = records('residue_ligand')[0].question;
  const jmol = jmolColours();
  assert.equal(jmol.get('S'), '#FFFF30', 'the Jmol table was read');
  const stated = new Map(
    [...question.matchAll(/\b(?!and\b)([a-z]+) (?:is )?[a-z-]+(?: [a-z-]+)? \((#[0-9A-F]{6})\)/g)].map((m) => [m[1], m[2]]),
  );
  for (const [symbol, name] of Object.entries(NAMES)) {
    const drawn = (DEFAULT_STYLE.elementColors as Record<string, string>)[symbol]?.toUpperCase() ?? jmol.get(symbol);
    assert.equal(stated.get(name), drawn, `${name} (${symbol}) in the question text: ${stated.get(name)}, drawn ${drawn}`);
  }
  // Every element but H and C in the sample (and the shared PDBbind set, when present) is named.
  const elements = new Set([
    ...elementsIn(SAMPLE),
    ...(HAVE_SHARED && existsSync(join(SHARED, 'pdbbind')) ? elementsIn(join(SHARED, 'pdbbind')) : []),
  ]);
  for (const e of elements)
    if (e !== 'H' && e !== 'C') assert.ok(NAMES[e] && stated.has(NAMES[e]), `element ${e} drawn but its colour not given`);
});
