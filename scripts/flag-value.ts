// The value after `flag` on a script's command line (`--limit 12`), or undefined.
export function flagValue(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}
