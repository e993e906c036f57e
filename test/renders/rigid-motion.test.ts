import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommands } from '../../renders/commands.ts';
import { commandsMatrix, transformPoint } from '../../renders/rigid-motion.ts';
import { viewCommands } from '../../renders/views.ts';
import type { Vec3 } from '../../structures/model.ts';

function close(a: Vec3, b: Vec3) {
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(a[i] - b[i]) < 1e-9, `${a} != ${b}`);
}

function moved(text: string, points: Vec3[]): Vec3[] {
  const m = commandsMatrix(parseCommands(text), points);
  return points.map((p) => transformPoint(m, p));
}

test('move translates along the screen axes', () => {
  close(moved('move x 3', [[1, 2, 3]])[0], [4, 2, 3]);
  close(moved('move y -2, move z 10', [[1, 2, 3]])[0], [1, 0, 13]);
});

test('roll signs follow docs/rendering.md ("Frames and commands")', () => {
  const pts: Vec3[] = [
    [0, 0, 1],
    [0, 0, -1],
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
  ];
  // roll z 90 turns the picture counter-clockwise: right goes up.
  close(moved('roll z 90', pts)[2], [0, 1, 0]);
  // roll y 90 carries the front (+z) to the right.
  close(moved('roll y 90', pts)[0], [1, 0, 0]);
  // roll x 90 carries the front down.
  close(moved('roll x 90', pts)[0], [0, -1, 0]);
});

test('rolls turn about the current bounding-box centre, which travels with moves', () => {
  const pts: Vec3[] = [
    [0, 0, 0],
    [2, 0, 0],
  ];
  close(moved('roll z 90', pts)[0], [1, -1, 0]);
  close(moved('move x 3, roll z 90', pts)[0], [4, -1, 0]);
  // A second roll uses the box of the points as the first roll left them.
  const tri: Vec3[] = [
    [0, 0, 0],
    [4, 0, 0],
    [0, 2, 0],
  ];
  // roll z 90 about (2,1,0): (0,0)->(3,-1), (4,0)->(3,3), (0,2)->(1,-1); new box centre (2,1).
  const after = moved('roll z 90, roll z 90', tri);
  close(after[0], [4, 2, 0]);
});

test('views are the listed rolls', () => {
  assert.deepEqual(viewCommands('front'), []);
  assert.deepEqual(viewCommands('left'), parseCommands('roll y 90'));
  assert.deepEqual(viewCommands('top'), parseCommands('roll x 90'));
  assert.deepEqual(viewCommands('back'), parseCommands('roll y 180'));
  assert.deepEqual(viewCommands('right'), parseCommands('roll y -90'));
  assert.deepEqual(viewCommands('bottom'), parseCommands('roll x -90'));
});
