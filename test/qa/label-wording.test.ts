// What a question says about its pictures' labels (qa/label-wording.ts): with every label
// drawn it is the conventions partial's wording from before renderer 11, word for word (the
// partial of commit ac9c88d, kept in test/fixtures/zooming-v6/partials/); otherwise it
// promises no label the picture can leave out.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { labelConventions } from '../../qa/label-wording.ts';
import { TEMPLATE_DIR } from '../../qa/template.ts';
import { LABEL_LAYOUTS } from '../../renders/label-layout.ts';

const OLD = readFileSync(fileURLToPath(new URL('../fixtures/zooming-v6/partials/conventions.txt', import.meta.url)), 'utf8');
const TODAY = readFileSync(join(TEMPLATE_DIR, 'partials', 'conventions.txt'), 'utf8');

test('every label drawn (avoid, anchored): the partial of before renderer 11, word for word', () => {
  for (const layout of ['avoid', 'anchored'] as const) {
    const words = labelConventions({ residues: true, ligandAtoms: true, layout });
    assert.ok(OLD.includes(words), words);
    assert.equal(TODAY.replace('{{label_conventions}}', words), OLD);
  }
});

test('each label set and layout: says which kinds are drawn, and that some are left out only where clear leaves them out', () => {
  for (const layout of LABEL_LAYOUTS) {
    for (const residues of [true, false]) {
      for (const ligandAtoms of [true, 'polar', false] as const) {
        const w = labelConventions({ residues, ligandAtoms, layout });
        const say = `${layout} residues=${residues} ligandAtoms=${ligandAtoms}: ${w}`;
        if (!residues && !ligandAtoms) {
          assert.equal(w, 'Nothing is labelled.');
          continue;
        }
        assert.equal(w.includes('Pocket residues are not labelled.'), !residues, say);
        assert.equal(w.includes('Ligand atoms are not labelled.'), !ligandAtoms, say);
        // polar: the ligand's N, O and S atoms are named, and the text says its others are not.
        assert.equal(w.includes("The ligand's other atoms are not labelled."), ligandAtoms === 'polar', say);
        assert.equal(/nitrogen, oxygen and sulfur atom/.test(w), ligandAtoms === 'polar', say);
        assert.equal(w.includes('ASN 460'), residues, say);
        assert.equal(w.includes('O1B'), ligandAtoms !== false, say);
        assert.equal(w.includes('every residue label also gives the chain'), residues, say);
        assert.equal(w.includes('left out'), layout === 'clear', say);
        // "Each ... is labelled" is a promise only the layouts that draw every label keep.
        assert.equal(/Each (pocket residue|ligand atom|nitrogen)/.test(w), layout !== 'clear', say);
        assert.equal(w.includes('clear of the molecule'), layout === 'prefer-clear', say);
      }
    }
  }
});
