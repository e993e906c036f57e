// The before/after pictures of docs/labels.md (not a test): PDBbind 1a30 from
// ../shared/structures, residue GLY 48 with the ligand (front view) and the full complex
// (front view), drawn with `--label-layout anchored --residue-framing complex` (labels as
// renderer 3 placed them) and with each task's defaults: GLY 48 as residue_ligand draws it,
// the full complex at 512 px as translation does and at 1024 px as pocket_ligand does.
// The "before" pictures in docs/ were drawn by renderer 4 (labels without chains); drawn again
// now they would show the chains (renderer 9), which renderer 3 never drew, so only the
// "after" ones are drawn unless --before is given (redrawn for renderers 9 and 10).
// Usage: node --import tsx scripts/label-pictures.ts [--out docs] [--before]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRunStyles } from '../pipeline/generate/plan-question.ts';
import { residueCamera } from '../qa/residue-camera.ts';
import { sixViews } from '../qa/six-views.ts';
import { TASKS } from '../qa/tasks/index.ts';
import { RenderPool } from '../renders/render-pool.ts';
import { type RenderRequest, renderScenes } from '../renders/render-scenes.ts';
import { complexCamera } from '../renders/scene-atoms.ts';
import { makeStyle } from '../renders/style.ts';
import { ingest } from '../structures/ingest.ts';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const i = process.argv.indexOf('--out');
const out = i >= 0 ? process.argv[i + 1] : resolve(REPO, 'docs');
const { complexes } = await ingest([resolve(REPO, '../shared/structures/pdbbind/1a30')], {});
const complex = complexes[0];
const gly = complex.pocket.find((r) => r.name === 'GLY' && r.number === 48);
if (!gly) throw new Error('1a30 has no pocket residue GLY 48');
const subset = { kind: 'residue' as const, chain: gly.chain, number: gly.number, insertionCode: gly.insertionCode };
const at = (size: number) => ({ complex, camera: complexCamera(complex, { width: size, height: size }) });
const before = makeStyle({ labels: { layout: 'anchored' } });
const own = defaultRunStyles(TASKS);
const requests: RenderRequest[] = [
  {
    spec: sixViews({ ...at(512), camera: residueCamera(at(512), subset) }, own.residue_ligand, { subset, turnCentre: 'shown' })[0],
    out: `${out}/labels-1a30-gly48-after.png`,
    annotationsOut: null,
  },
  { spec: sixViews(at(512), own.translation)[0], out: `${out}/labels-1a30-pocket-after.png`, annotationsOut: null },
  { spec: sixViews(at(1024), own.pocket_ligand)[0], out: `${out}/labels-1a30-pocket-after-1024.png`, annotationsOut: null },
];
if (process.argv.includes('--before')) {
  requests.push(
    { spec: sixViews(at(512), before, { subset })[0], out: `${out}/labels-1a30-gly48-before.png`, annotationsOut: null },
    { spec: sixViews(at(512), before)[0], out: `${out}/labels-1a30-pocket-before.png`, annotationsOut: null },
  );
}
const pool = new RenderPool({ pages: 1 });
try {
  for (const o of await renderScenes(pool, requests)) {
    const l = o.annotation.labels;
    process.stdout.write(
      `${o.file}: ${o.status}${o.reason ? ` (${o.reason})` : ''}, ${l.length} labels, ${l.filter((x) => x.collides).length} colliding\n`,
    );
  }
} finally {
  await pool.close();
}
