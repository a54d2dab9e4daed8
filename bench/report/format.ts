/** Number formatting shared by the Markdown and HTML reports. */
import type { FigureResult, Measurement, Target } from '../harness/scenario.ts';

/** Three significant digits, thousands grouped, no exponent for ordinary magnitudes. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e12 || abs < 1e-3)) return value.toExponential(2);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  });
}

/** `12.3 ms (11.9–13.0, n=5)`: median with min–max spread and run count. */
export function formatMeasurement(m: Measurement | undefined, unit: string): string {
  if (!m) return '—';
  const s = m.summary;
  const u = unit ? ` ${unit}` : '';
  if (s.n === 1) return `${formatNumber(s.median)}${u} (n=1)`;
  return `${formatNumber(s.median)}${u} (${formatNumber(s.min)}–${formatNumber(s.max)}, n=${s.n})`;
}

export function formatTarget(target: Target | undefined, unit: string): string {
  if (!target) return '';
  return `${target.op === '<=' ? '≤' : '≥'} ${formatNumber(target.value)}${unit ? ` ${unit}` : ''}`;
}

/** Pegel against the naive baseline (> 1: Pegel better), with the check `≥ ×1` where one is set. */
export function formatRatio(f: FigureResult): string {
  const target = f.naiveTarget ? ' ≥ ×1' : '';
  if (f.ratio === undefined) return f.compare ? `—${target}` : '';
  const check = f.meetsNaiveTarget === undefined ? '' : f.meetsNaiveTarget ? ' ✓' : ' ✗';
  return `×${formatNumber(f.ratio)}${target}${check}`;
}

/** The floor page's measurement; '' for a figure without a floor. */
export function formatFloor(f: FigureResult): string {
  return f.floor || f.floorTarget ? formatMeasurement(f.floor, f.unit) : '';
}

/** Pegel over the floor with its target: `×1.31 ≤ ×1.25 ✗`; '' for a figure without a floor. */
export function formatOverFloor(f: FigureResult): string {
  if (!f.floor && !f.floorTarget) return '';
  const target = f.floorTarget === undefined ? '' : ` ≤ ×${formatNumber(f.floorTarget)}`;
  if (f.withinFloorNoise && f.floorNoise !== undefined)
    return `— (both < ${formatNumber(f.floorNoise)}${f.unit ? ` ${f.unit}` : ''}: noise)`;
  if (f.overFloor === undefined) return `—${target}`;
  const check = f.meetsFloorTarget === undefined ? '' : f.meetsFloorTarget ? ' ✓' : ' ✗';
  return `×${formatNumber(f.overFloor)}${target}${check}`;
}

export function formatFraction(f: FigureResult): string {
  return f.fractionOfLimit === undefined ? '' : `${formatNumber(f.fractionOfLimit * 100)} %`;
}

export function formatTargetCheck(f: FigureResult): string {
  if (!f.target) return '';
  const t = formatTarget(f.target, f.unit);
  if (f.meetsTarget === undefined) return t;
  return `${t} ${f.meetsTarget ? '✓' : '✗'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${formatNumber(bytes / 1024 ** 3)} GiB`;
  if (bytes >= 1024 ** 2) return `${formatNumber(bytes / 1024 ** 2)} MiB`;
  return `${formatNumber(bytes / 1024)} KiB`;
}
