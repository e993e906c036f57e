// One question as a chat-completions request body: an optional system message, then one
// user message whose content is the question's images in order (`image_url` parts) followed
// by the question text as generated (a question asked without images: the text as a string). Images travel as PNG data URLs, or as URLs made from a
// prefix and their path in the dataset (`--image-urls`). The cache key of a request is the
// sha256 of its body with every data URL replaced by the image's own sha256 (same bytes,
// same key, without hashing megabytes of base64) and the transport fields left out.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationSettings } from './eval-settings.ts';

export interface EvalQuestion {
  id: string;
  task: string;
  question: string;
  /** Image paths relative to the dataset folder, in the order the question shows them. */
  images: string[];
}

export interface ImageSource {
  datasetDir: string;
  /** URL prefix for `--image-urls` (`http://host/ds/` or `file:///data/ds/`); data URLs when undefined. */
  urlPrefix?: string;
  /** sha256 of each image by path (from the manifest, or computed once). */
  sha256: (path: string) => Promise<string>;
}

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

function bodyWith(q: EvalQuestion, g: GenerationSettings, imageUrls: string[]): Record<string, unknown> {
  const user: Part[] = [
    ...imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
    { type: 'text', text: q.question },
  ];
  const messages: unknown[] = [];
  if (g.systemPrompt !== undefined) messages.push({ role: 'system', content: g.systemPrompt });
  // Text alone (eval --images none) as a plain string: every chat server, text-only ones too, reads it.
  messages.push({ role: 'user', content: imageUrls.length ? user : q.question });
  return {
    model: g.model,
    messages,
    temperature: g.temperature,
    max_tokens: g.maxTokens,
    ...(g.seed !== undefined ? { seed: g.seed } : {}),
  };
}

const joinUrl = (prefix: string, path: string) => `${prefix.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;

/** The cache key of a question's request (hex sha256), without reading the images' bytes. */
export async function requestKey(q: EvalQuestion, g: GenerationSettings, src: ImageSource): Promise<string> {
  const refs =
    src.urlPrefix !== undefined
      ? q.images.map((p) => joinUrl(src.urlPrefix!, p))
      : await Promise.all(q.images.map(async (p) => `sha256:${await src.sha256(p)}`));
  return createHash('sha256')
    .update(JSON.stringify(bodyWith(q, g, refs)))
    .digest('hex');
}

/** The body as sent (images read now, so only the requests in flight hold their bytes). */
export async function requestBody(
  q: EvalQuestion,
  g: GenerationSettings,
  src: ImageSource,
  stream: boolean,
): Promise<Record<string, unknown>> {
  const urls =
    src.urlPrefix !== undefined
      ? q.images.map((p) => joinUrl(src.urlPrefix!, p))
      : await Promise.all(
          q.images.map(async (p) => `data:image/png;base64,${(await readFile(join(src.datasetDir, p))).toString('base64')}`),
        );
  const body = bodyWith(q, g, urls);
  return stream ? { ...body, stream: true, stream_options: { include_usage: true } } : body;
}
