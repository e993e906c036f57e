// `eval --images all|none`: each question with its images, or the same questions as text
// alone (a model's score without looking; pipeline/compare/ sets it beside the score with
// images: MMStar's multi-modal gain). A request without images sends its text as the user
// message's content string, which text-only servers take too.
import type { QaRecord } from '../dataset/question-record.ts';

export const IMAGE_MODES = ['all', 'none'] as const;
export type ImageMode = (typeof IMAGE_MODES)[number];

/** What a run without images adds to its default predictions name: `<model>.no-images.<split>.jsonl`. */
export const NO_IMAGES_SUFFIX = '.no-images';

/** The run header's `settings.images` of a run without images. */
export const NO_IMAGES_SETTING = 'none (text only)';

/** The question as asked without its images. */
export const withoutImages = (q: QaRecord): QaRecord => ({ ...q, images: [] });
