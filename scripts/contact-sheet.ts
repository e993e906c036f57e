// Makes docs/render-contact-sheet.png: for each complex (the bundled sample's 1hpv and 1pgp),
// one row per subset (full, pocket, ligand, one residue) and one column per view (front,
// left, top, back, right, bottom), each tile drawn at 512 and shrunk 2x. Default style.
// Usage: node --import tsx scripts/contact-sheet.ts [out.png]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { RenderPool } from '../renders/render-pool.ts';
import { type RenderRequest, renderScenes } from '../renders/render-scenes.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import { makeStyle } from '../renders/style.ts';
import { formatSubset, parseSubset, type Subset } from '../renders/subset.ts';
import { VIEW_NAMES } from '../renders/views.ts';
import { ingest } from '../structures/ingest.ts';

const out = process.argv[2] ?? new URL('../docs/render-contact-sheet.png', import.meta.url).pathname;
const sample = new URL('../structures/sample/', import.meta.url).pathname;
const { complexes } = await ingest([join(sample, 'pdbbind/1hpv'), join(sample, 'protein-ligand/1pgp')]);
const style = makeStyle();
const requests: RenderRequest[] = [];
const rows: string[] = [];
for (const c of complexes) {
  const camera = complexCamera(c);
  // The residue row shows the pocket residue nearest the ligand's first atom.
  const l0 = c.ligand.atoms[0].xyz;
  const nearest = [...c.pocket].sort(
    (a, b) =>
      Math.min(...a.atoms.map((x) => Math.hypot(x.xyz[0] - l0[0], x.xyz[1] - l0[1], x.xyz[2] - l0[2]))) -
      Math.min(...b.atoms.map((x) => Math.hypot(x.xyz[0] - l0[0], x.xyz[1] - l0[1], x.xyz[2] - l0[2]))),
  )[0];
  const subsets: Subset[] = [
    parseSubset('full'),
    parseSubset('pocket'),
    parseSubset('ligand'),
    { kind: 'residue', chain: nearest.chain, number: nearest.number, insertionCode: nearest.insertionCode },
  ];
  for (const subset of subsets) {
    rows.push(`${c.id} ${formatSubset(subset)}`);
    for (const view of VIEW_NAMES)
      requests.push({ spec: { complex: c, subset, style, camera, view, transform: [], ligandTransform: [] }, annotationsOut: null });
  }
}
const dir = mkdtempSync(join(tmpdir(), 'misi-sheet-'));
const pool = new RenderPool();
try {
  const outcomes = await renderScenes(pool, requests, { outDir: dir });
  const bad = outcomes.find((o) => o.status === 'failed');
  if (bad) throw new Error(`a tile failed: ${bad.reason}`);
  const tile = 256,
    gap = 4,
    cols = VIEW_NAMES.length;
  const sheet = new PNG({ width: cols * (tile + gap) + gap, height: rows.length * (tile + gap) + gap });
  sheet.data.fill(64);
  outcomes.forEach((o, i) => {
    const img = PNG.sync.read(readFileSync(o.file));
    const r = Math.floor(i / cols),
      col = i % cols;
    for (let y = 0; y < tile; y++)
      for (let x = 0; x < tile; x++) {
        const d = ((gap + r * (tile + gap) + y) * sheet.width + gap + col * (tile + gap) + x) * 4;
        for (let k = 0; k < 3; k++) {
          let sum = 0; // 2 x 2 box filter
          for (const [dx, dy] of [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ])
            sum += img.data[((2 * y + dy) * img.width + 2 * x + dx) * 4 + k];
          sheet.data[d + k] = Math.round(sum / 4);
        }
        sheet.data[d + 3] = 255;
      }
  });
  writeFileSync(out, PNG.sync.write(sheet));
  console.log(`${out}: rows ${rows.join(' | ')}; columns ${VIEW_NAMES.join(', ')}`);
} finally {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
