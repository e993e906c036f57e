// Residue labels name the chain where the complex's pocket holds more than one: on the
// sample's HIV protease dimer 1hpv (chains A and B) and 3mht (A and D) every residue label is
// "NAME NUMBER.CHAIN", no view holds two residue labels with the same text, and every residue
// the pocket-ligand answer names is exactly one label; the single-chain 1pgp keeps "NAME
// NUMBER". In the PNG, "ASP 25.A" and "ASP 25.B" are drawn with the same glyphs up to the
// dot and different last glyphs. 1a30 (../shared) shows both ASP 25 as two labels.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { preparedAtSize } from '../../pipeline/generate/image-sizes.ts';
import { BondListTruthSchema, parseTruth } from '../../qa/answer-kinds.ts';
import { sixViews } from '../../qa/six-views.ts';
import type { PreparedComplex } from '../../qa/task.ts';
import { pocketLigandTask } from '../../qa/tasks/pocket-ligand.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { type LabelRecord, labelMetrics, sceneLabels } from '../../renders/scene-labels.ts';
import { poseScene } from '../../renders/scene-pose.ts';
import { makeStyle } from '../../renders/style.ts';
import { sampleWithBonds, sharedWithBonds } from '../qa/hbond-complexes.ts';
import { NEEDS_SHARED } from '../shared-structures.ts';

// Every label drawn (prefer-clear, the layout of the tasks whose answers name labels): the texts are the subject here.
const style = makeStyle({ labels: { layout: 'prefer-clear' } });
const residueLabels = (c: PreparedComplex, size = 1024): LabelRecord[][] =>
  sixViews(preparedAtSize(c, size), style).map((spec) => sceneLabels(spec, poseScene(spec)).records.filter((l) => l.kind === 'residue'));
const byId = async (id: string) => (await sampleWithBonds()).find((c) => c.complex.id === id)!;

for (const id of ['1hpv', '3mht']) {
  test(`${id}: a pocket of two chains, every residue label names its chain, none twice in a view`, async () => {
    const c = await byId(id);
    assert.ok(new Set(c.complex.pocket.map((r) => r.chain)).size >= 2, `${id} has a pocket of two chains`);
    for (const labels of residueLabels(c)) {
      assert.ok(labels.length > 20);
      for (const l of labels) assert.equal(l.text, `${l.residueName} ${l.residueNumber}${l.insertionCode}.${l.chain || '_'}`);
      assert.equal(new Set(labels.map((l) => l.text)).size, labels.length, 'texts distinct');
      assert.ok(new Set(labels.map((l) => l.chain)).size >= 2);
    }
  });
}

test('1hpv: every residue of the pocket-ligand answer is one label in each view', async () => {
  const c = await byId('1hpv');
  const r = pocketLigandTask.plan({ subject: preparedAtSize(c, 1024), style } as any);
  assert.ok(r.ok);
  const bonds = parseTruth(BondListTruthSchema, r.plan.truth.kind === 'data' ? r.plan.truth.value : undefined)?.bonds ?? [];
  assert.ok(bonds.length, 'the truth is a bond list');
  assert.ok(new Set(bonds.map((b) => b.chain)).size === 2, 'the answer names both chains');
  for (const labels of residueLabels(c)) {
    for (const b of bonds) {
      const named = labels.filter((l) => l.text === `${b.residueName} ${b.residueNumber}${b.insertionCode}.${b.chain || '_'}`);
      assert.equal(named.length, 1, `${b.residueName} ${b.residueNumber} ${b.chain}`);
      assert.equal(named[0].chain, b.chain);
    }
  }
});

test('1pgp: a single-chain pocket keeps "NAME NUMBER"', async () => {
  const c = await byId('1pgp');
  assert.equal(new Set(c.complex.pocket.map((r) => r.chain)).size, 1);
  for (const labels of residueLabels(c, 512)) {
    assert.ok(labels.length > 5);
    for (const l of labels) assert.equal(l.text, `${l.residueName} ${l.residueNumber}${l.insertionCode}`);
  }
});

test('1a30 (HIV protease, ../shared): ASP 25 of both chains are two labels in every view', { skip: NEEDS_SHARED }, async () => {
  const c = (await sharedWithBonds()).find((x) => x.complex.id === '1a30')!;
  for (const labels of residueLabels(c)) {
    const texts = labels.map((l) => l.text);
    assert.equal(new Set(texts).size, texts.length);
    assert.ok(texts.includes('ASP 25.A') && texts.includes('ASP 25.B'), texts.filter((t) => t.startsWith('ASP')).join(', '));
  }
});

test('in the PNG, ASP 25.A and ASP 25.B share the glyphs up to the dot and differ in the last', {
  skip: findBrowser() === null ? 'no Chromium' : false,
}, async () => {
  const c = await byId('1hpv');
  const spec = sixViews(preparedAtSize(c, 1024), style)[0];
  const dir = mkdtempSync(join(tmpdir(), 'misi-label-text-'));
  const pool = new RenderPool({ pages: 1 });
  try {
    const [o] = await renderScenes(pool, [{ spec, out: join(dir, 'front.png') }]);
    const png = PNG.sync.read(readFileSync(o.file));
    const find = (text: string) => o.annotation.labels.find((l) => l.text === text && !l.collides && l.inside);
    const a = find('ASP 25.A'),
      b = find('ASP 25.B');
    assert.ok(a && b, 'both labels drawn, free');
    assert.deepEqual([a.box.w, a.box.h], [b.box.w, b.box.h]);
    // Glyph cores (near white) by box-relative column, each column a bit pattern of rows.
    const cores = (l: LabelRecord) =>
      Array.from({ length: l.box.w }, (_, x) =>
        Array.from({ length: l.box.h }, (_, y) => {
          const i = ((l.box.y + y) * png.width + l.box.x + x) * 4;
          return png.data[i] > 230 && png.data[i + 1] > 230 && png.data[i + 2] > 230 ? '1' : '0';
        }).join(''),
      );
    const ca = cores(a),
      cb = cores(b);
    // Box-relative column where the last character (the chain) starts.
    const lastGlyph = Math.floor(style.labels.padding + labelMetrics('ASP 25.A', style.labels.fontSize).offsets[7]);
    // Share of the core pixels of either label that the other lacks, over a range of columns
    // (the box's backdrop moves a few edge pixels across the threshold).
    const mismatch = (from: number, to: number) => {
      let differ = 0,
        ink = 0;
      for (let x = from; x < to; x++)
        for (let y = 0; y < a.box.h; y++) {
          const p = ca[x][y] === '1',
            q = cb[x][y] === '1';
          if (p || q) ink++;
          if (p !== q) differ++;
        }
      return { differ, ink, share: differ / Math.max(1, ink) };
    };
    const prefix = mismatch(0, lastGlyph - 1),
      chain = mismatch(lastGlyph, a.box.w);
    assert.ok(prefix.ink > 40 && chain.ink > 10, `text drawn: ${prefix.ink} and ${chain.ink} core pixels`);
    assert.ok(prefix.share < 0.2, `"ASP 25." drawn alike: ${prefix.differ} of ${prefix.ink} core pixels differ`);
    assert.ok(chain.share > 0.4, `the chain letters differ: ${chain.differ} of ${chain.ink} core pixels`);
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
