// The image size (width = height, pixels) of each task of a run: the task's own default
// (TaskModule.defaultImageSize), or `--size N` for every task, or `--size TASK=N` for one
// (repeatable; a task's own value wins over N whatever their order). A scene keeps its size
// in its camera, so the same scene at two sizes is two images with two keys.

import { DEFAULT_IMAGE_SIZE, defaultImageSize, type PreparedComplex, type TaskModule } from '../../qa/task.ts';
import { resizeCamera } from '../../renders/camera.ts';
import { UsageError } from '../usage-error.ts';
import { type PerTaskFlag, type PerTaskRequest, parsePerTask, perTaskValues } from './per-task-values.ts';

export const MIN_IMAGE_SIZE = 64;
export const MAX_IMAGE_SIZE = 4096;

/** What the options asked for: a size for every task and sizes for single tasks. */
export type SizeRequest = PerTaskRequest<number>;

/** Image size per task id, pixels. */
export type ImageSizes = Record<string, number>;

function pixels(text: string, what: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !(n >= MIN_IMAGE_SIZE && n <= MAX_IMAGE_SIZE)) {
    throw new UsageError(`--size: ${what} '${text.trim()}' is not a whole number of pixels from ${MIN_IMAGE_SIZE} to ${MAX_IMAGE_SIZE}`);
  }
  return n;
}

const SIZE_FLAG: PerTaskFlag<number> = { flag: '--size', noun: 'size', nouns: 'sizes', placeholder: 'N', parse: pixels };

/**
 * Parses the `--size` values (each N, TASK=N, or several of them separated by commas) against
 * the run's tasks; throws a UsageError with a one-line message on bad input (a usage error).
 */
export function parseSizes(values: string | number | readonly (string | number)[] | undefined, tasks: readonly TaskModule[]): SizeRequest {
  return parsePerTask(SIZE_FLAG, values, tasks);
}

/** The size of every task of the run: its own request, else the size for all, else the task's default. */
export function imageSizes(tasks: readonly TaskModule[], request: SizeRequest = {}): ImageSizes {
  return perTaskValues(tasks, request, defaultImageSize);
}

/** The size most of the tasks use (the smaller one on a tie): what the pages warm up at. */
export function commonSize(sizes: ImageSizes): number {
  const n = new Map<number, number>();
  for (const s of Object.values(sizes)) n.set(s, (n.get(s) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? DEFAULT_IMAGE_SIZE;
}

const resized = new WeakMap<PreparedComplex, Map<number, PreparedComplex>>();
/** The complex with its camera drawing `size` x `size` pixels (the same framing; one object per size). */
export function preparedAtSize(prepared: PreparedComplex, size: number): PreparedComplex {
  if (prepared.camera.width === size && prepared.camera.height === size) return prepared;
  let bySize = resized.get(prepared);
  if (!bySize) resized.set(prepared, (bySize = new Map()));
  let hit = bySize.get(size);
  if (!hit) bySize.set(size, (hit = { complex: prepared.complex, camera: resizeCamera(prepared.camera, size, size) }));
  return hit;
}
