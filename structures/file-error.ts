// Why a file could not be read, in plain words: what a message naming the file says after it.

const PLAIN: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'a folder, not a file',
  ENOTDIR: 'a path through something that is not a folder',
};

/** The cause of a failed read (`no such file`, `permission denied`...; else the error's code or message). */
export function fileErrorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException | null;
  return (err?.code && PLAIN[err.code]) || err?.code || (err instanceof Error ? err.message : String(e));
}
