import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameCamera, projectModel } from '../../renders/camera.ts';
import type { Vec3 } from '../../structures/model.ts';

const cube: Vec3[] = [];
for (const x of [-5, 5]) for (const y of [-5, 5]) for (const z of [-5, 5]) cube.push([x + 10, y - 3, z + 7]);

function near(a: number, b: number, tol = 1e-6) {
  assert.ok(Math.abs(a - b) < tol, `${a} != ${b}`);
}

test('perspective framing: the near face of the box meets the edges less 5 %', () => {
  const cam = frameCamera(cube);
  // Front corner (+x, +y, +z): 5 % of 512 from the right and top edges.
  const p = projectModel(cam, [15, 2, 12]);
  near(p.x, 512 * 0.95);
  near(p.y, 512 * 0.05);
  const q = projectModel(cam, [5, -8, 12]);
  near(q.x, 512 * 0.05);
  near(q.y, 512 * 0.95);
  // The far face projects smaller; the box centre lands in the image centre.
  const r = projectModel(cam, [15, 2, 2]);
  assert.ok(r.x < 512 * 0.95 && r.x > 256);
  const c = projectModel(cam, [10, -3, 7]);
  near(c.x, 256);
  near(c.y, 256);
  // 30 degree horizontal fov: half-width 5/0.9 at the near face's distance subtends 15 degrees.
  near(Math.atan(5 / 0.9 / (cam.distance - 5)) * (180 / Math.PI), 15);
  near(c.depth, cam.distance);
});

test('orthographic framing: every corner meets the edges less 5 %', () => {
  const cam = frameCamera(cube, { projection: 'orthographic' });
  for (const z of [2, 12]) {
    const p = projectModel(cam, [15, 2, z]);
    near(p.x, 512 * 0.95);
    near(p.y, 512 * 0.05);
  }
});

test('a wide image is limited by its height', () => {
  const cam = frameCamera(cube, { width: 640, height: 480 });
  const p = projectModel(cam, [15, 2, 12]);
  near(p.y, 480 * 0.05);
  assert.ok(p.x < 640 * 0.95);
  near(projectModel(cam, [10, -3, 12]).x, 320);
});
