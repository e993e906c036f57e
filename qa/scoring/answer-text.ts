// Cleaning a model's free-text reply before an answer is read from it. Models wrap the
// answer in words, markdown and reasoning; these helpers remove the wrapping, never the
// answer, and say where the answer most likely sits.

/** Typographic signs models use in place of ASCII ones. */
const LOOKALIKES: [RegExp, string][] = [
  [/[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g, '-'], // minus and dashes
  [/[\u00A0\u2007\u202F\u3000]/g, ' '], // non-breaking and wide spaces
  [/\uFF0C/g, ','], // full-width comma
  [/\uFF1B/g, ';'], // full-width semicolon
  [/\uFF1A/g, ':'], // full-width colon
];

/**
 * The reply without reasoning blocks (`<think>...</think>`), markdown emphasis, code
 * fences and backticks, and with look-alike signs (unicode minus, non-breaking space,
 * full-width punctuation) turned into ASCII.
 */
export function cleanReply(reply: string): string {
  let text = reply.replace(/<think>[\s\S]*?<\/think>/gi, ' ');
  // An unclosed reasoning block: everything up to its end tag is reasoning.
  text = text.replace(/^[\s\S]*<\/think>/i, ' ');
  text = text.replace(/```[a-z]*\n?/gi, ' ').replace(/[`*]/g, '');
  for (const [re, to] of LOOKALIKES) text = text.replace(re, to);
  return text;
}

/** Words that introduce the final answer: `Answer:`, `The answer is`, `Final answer:`. */
const ANSWER_MARKER = /\banswer\b\s*(?:is\b|would be\b|:|=|-)?/gi;

/**
 * Where to look for the answer, most likely first: the text after the last answer marker
 * (when there is one), then the whole cleaned reply. A reader tries each in turn and keeps
 * the first that yields an answer, so reasoning before `Answer:` cannot shadow it.
 */
export function answerRegions(reply: string): string[] {
  const text = cleanReply(reply);
  let tail: string | undefined;
  for (const m of text.matchAll(ANSWER_MARKER)) tail = text.slice(m.index + m[0].length);
  return tail !== undefined && tail.trim() !== '' ? [tail, text] : [text];
}

/** Lower case, single spaces, no trailing full stop: for comparing short texts. */
export function normaliseText(text: string): string {
  return cleanReply(text)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '');
}

/** The first result `read` gives over `answerRegions(reply)`, or undefined. */
export function readFromRegions<T>(reply: string, read: (text: string) => T | undefined): T | undefined {
  for (const region of answerRegions(reply)) {
    const found = read(region);
    if (found !== undefined) return found;
  }
  return undefined;
}
