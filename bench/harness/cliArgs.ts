/**
 * The command lines of the bench's own scripts (trace-*.ts, field-*.ts, …): options they take
 * out of their argument list, so what stays are the positional arguments (e.g. the builds).
 */

/** Takes `--name value` out of `args`; `fallback` when it is not given. */
export function takeOption(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value ?? fallback;
}

/** Takes `--name` out of `args`: whether it was given. */
export function takeFlag(args: string[], name: string): boolean {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
}

/** The positive whole number at `process.argv[index]` (`1_000` allowed), `fallback` without. */
export function positiveArg(index: number, fallback: number): number {
  const raw = process.argv[index];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`not a positive number: ${raw}`);
  return Math.round(n);
}
