// Test-side maths of the ligand's own motion, written apart from renders/ and qa/.
import type { Command } from '../../renders/commands.ts';
import type { Vec3 } from '../../structures/model.ts';

/** The ligand's heavy atoms in the eye frame after `commands`, each roll about the centre of
 * the ligand's bounding box carried along by earlier motions (a roll leaves it in place). */
export function moveLigand(points: Vec3[], commands: Command[]): Vec3[] {
  let pts = points.map((p) => [...p] as Vec3);
  const lo = [0, 1, 2].map((i) => Math.min(...pts.map((p) => p[i])));
  const hi = [0, 1, 2].map((i) => Math.max(...pts.map((p) => p[i])));
  const centre = [0, 1, 2].map((i) => (lo[i] + hi[i]) / 2);
  for (const c of commands) {
    const k = 'xyz'.indexOf(c.axis);
    if (c.kind === 'move') {
      pts = pts.map((p) => {
        const q = [...p] as Vec3;
        q[k] += c.amount;
        return q;
      });
      centre[k] += c.amount;
      continue;
    }
    const a = (c.amount * Math.PI) / 180;
    const [u, v] = [(k + 1) % 3, (k + 2) % 3];
    pts = pts.map((p) => {
      const q = [...p] as Vec3;
      const du = p[u] - centre[u];
      const dv = p[v] - centre[v];
      q[u] = centre[u] + du * Math.cos(a) - dv * Math.sin(a);
      q[v] = centre[v] + du * Math.sin(a) + dv * Math.cos(a);
      return q;
    });
  }
  return pts;
}
