// The text of one question as a chat turn for training formats: one `<image>` placeholder
// per image, in the order the question shows them, each on its own line, then the question
// text (which refers to them as Image 1, Image 2, ...). The reply is the exact answer.
import type { QaRecord } from '../dataset/question-record.ts';

export const IMAGE_PLACEHOLDER = '<image>';

export function promptText(r: QaRecord): string {
  return `${r.images.map(() => `${IMAGE_PLACEHOLDER}\n`).join('')}${r.question}`;
}

/** Number of `<image>` placeholders in a text. */
export function placeholderCount(text: string): number {
  return text.split(IMAGE_PLACEHOLDER).length - 1;
}
