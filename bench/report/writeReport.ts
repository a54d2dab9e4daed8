/**
 * Writes a run as `<out>/<timestamp>.json`, `.html` and `.md`, and (for a full run in which
 * every scenario ran to completion) bench/RESULTS.md, formatted by Prettier so the
 * repository's format check holds.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import type { BenchRun } from './benchRun.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';

export interface WrittenReport {
  json: string;
  html: string;
  markdown: string;
}

/** File-name-safe UTC timestamp, e.g. 2026-11-22T09-15-03Z. */
export function timestampName(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

export async function writeReport(
  run: BenchRun,
  outDir: string,
  root: string,
): Promise<WrittenReport> {
  mkdirSync(outDir, { recursive: true });
  const base = join(outDir, timestampName(run.startedAt));
  const written = { json: `${base}.json`, html: `${base}.html`, markdown: `${base}.md` };
  writeFileSync(written.json, JSON.stringify(run, null, 2) + '\n');
  writeFileSync(written.html, renderHtml(run, root));
  writeFileSync(written.markdown, await format(renderMarkdown(run), { parser: 'markdown' }));
  return written;
}

/** Which scenarios exist and which of them returned from `run` (one that threw did not). */
export interface RunCompletion {
  /** Every scenario of bench/scenarios/, whether selected or not. */
  scenarioIds: readonly string[];
  /** Ids of the scenarios whose `run` returned. */
  completed: ReadonlySet<string>;
}

/**
 * Why this run must not become bench/RESULTS.md, or null when it may: only a full run
 * against the reference plant, without --only and --quick, in which every scenario ran to
 * completion, is "the latest full run".
 */
export function resultsMdRefusal(run: BenchRun, completion: RunCompletion): string | null {
  if (run.plant !== 'reference') return 'the run was against the fake plant';
  if (run.mode !== 'full') return 'a quick run';
  if (run.only !== null) return 'the run was limited with --only';
  const missing = completion.scenarioIds.filter((id) => !completion.completed.has(id));
  if (missing.length) return `not run to completion: ${missing.join(', ')}`;
  return null;
}

/**
 * The line from which bench/RESULTS.md holds figures of tools outside the run (the field
 * plant's, taken by hand); a full run writes its tables above it and keeps the rest.
 */
export const HAND_SECTION_MARK =
  '<!-- Measured outside `npm run bench`: kept as it is when a full run rewrites this file. -->';

export async function writeResultsMd(
  run: BenchRun,
  path: string,
  completion: RunCompletion,
): Promise<void> {
  const refusal = resultsMdRefusal(run, completion);
  if (refusal) throw new Error(`${path} is for a complete full run, not this one: ${refusal}`);
  const text = renderMarkdown(run, 'Pegel bench: latest full run');
  const intro = [
    '',
    'Written by `npm run bench` after a full run in which every scenario ran to completion',
    '(`bench/report/writeReport.ts`).',
    'Scenarios marked "not yet measured" wait for parts of the product that are not built yet;',
    'the reason is in the notes.',
    '',
  ].join('\n');
  const [heading, ...rest] = text.split('\n');
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const mark = previous.indexOf(HAND_SECTION_MARK);
  const kept = mark >= 0 ? ['', previous.slice(mark)] : [];
  writeFileSync(
    path,
    await format([heading, intro, ...rest, ...kept].join('\n'), { parser: 'markdown' }),
  );
}
