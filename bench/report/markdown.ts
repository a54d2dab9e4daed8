/** The Markdown summary of a run: machine, code, and one table row per figure. */
import type { BenchRun } from './benchRun.ts';
import {
  formatBytes,
  formatFloor,
  formatFraction,
  formatMeasurement,
  formatOverFloor,
  formatRatio,
  formatTargetCheck,
} from './format.ts';

const STATUS_TEXT = {
  measured: 'measured',
  partial: 'partly measured',
  'not-measured': 'not yet measured',
  failed: 'failed',
} as const;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function machineLines(run: BenchRun): string[] {
  const m = run.machine;
  const git = m.git
    ? `${m.git.commit.slice(0, 12)} (${m.git.branch}${m.git.dirty ? ', uncommitted changes' : ''})`
    : 'unknown';
  return [
    ...(run.plant === 'fake'
      ? [
          '- **Fake plant:** a stand-in server checked the harness; these figures say nothing about Pegel.',
        ]
      : []),
    `- Date: ${run.startedAt} (${run.mode} run${run.only ? `, only ${run.only.join(', ')}` : ''})`,
    `- Commit: ${git}`,
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${formatBytes(m.memoryBytes)} memory, load ${m.loadAverage1m.toFixed(2)} at start${run.loadAverage1mAtEnd === undefined ? '' : `, ${run.loadAverage1mAtEnd.toFixed(2)} at end`} (other work on the machine shows as spread)`,
    `- OS: ${m.os}`,
    `- Node ${m.node}, Chromium ${m.browser ?? 'unknown'}`,
  ];
}

export function summaryTable(run: BenchRun): string[] {
  const lines = [
    '| Scenario | Figure | Pegel / machine | Baseline | Ratio | Floor | Pegel / floor | Target | Of limit |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const s of run.scenarios) {
    for (const f of s.figures) {
      const measured = f.value || f.baseline || f.floor;
      const value = measured ? formatMeasurement(f.value, f.unit) : '_not yet measured_';
      lines.push(
        `| ${cell(s.title)} | ${cell(f.label)} | ${cell(value)} | ${cell(f.compare ? formatMeasurement(f.baseline, f.unit) : '')} | ${formatRatio(f)} | ${cell(formatFloor(f))} | ${cell(formatOverFloor(f))} | ${cell(formatTargetCheck(f))} | ${formatFraction(f)} |`,
      );
    }
  }
  return lines;
}

/** One bullet per scenario with notes, its notes as sub-bullets. */
export function scenarioNotes(run: BenchRun): string[] {
  const out: string[] = [];
  for (const s of run.scenarios) {
    const notes = [
      ...(s.reason ? [s.reason] : []),
      ...s.notes,
      ...s.figures.filter((f) => f.note).map((f) => `${f.label}: ${f.note}`),
    ];
    if (notes.length === 0) continue;
    out.push(`- **${s.title}** (${STATUS_TEXT[s.status]})`);
    for (const n of notes) out.push(`  - ${n}`);
  }
  return out;
}

export function renderMarkdown(run: BenchRun, title = 'Pegel bench results'): string {
  return [
    `# ${title}`,
    '',
    ...machineLines(run),
    '',
    'Each figure is the median of the runs with min–max in brackets. Ratio > 1 means Pegel is',
    'better than the naive baseline by that factor; "Pegel / floor" is Pegel over a floor page',
    'that writes the same texts with plain DOM calls (> 1: Pegel costs more); "of limit"',
    'relates a figure to the limit of this machine measured in the same run.',
    '',
    ...summaryTable(run),
    '',
    '## Notes',
    '',
    ...(scenarioNotes(run).length ? scenarioNotes(run) : ['None.']),
    '',
  ].join('\n');
}
