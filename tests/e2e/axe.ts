/**
 * axe-core scans for the browser tests (DESIGN.md "Accessibility").
 *
 * axe runs inside the page with `axe.run`, injected once per document. The Playwright wrapper
 * of axe injects its 550 kB source again for every scan and, by default, finishes each scan in
 * a new blank page (a new renderer): about 3 s a scan on the two-core CI machine against 1 s
 * here, for the same rules and the same result. The pages under test have no frames of their
 * own except a dashboard's Browser tile, which shows another page and is excluded where it
 * occurs, so frames are not entered.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.1 A and AA: the rules DESIGN.md asks of every page. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
/** WCAG 2.2 AA and axe's best practices: the A11Y1 sweep and the newer pages. */
export const WCAG22_AA = [...WCAG21_AA, 'wcag22aa'] as const;

export interface AxeScan {
  /** Rules by tag; without, every rule axe does not call experimental. */
  tags?: readonly string[];
  /** Scan only inside this element (CSS selector). */
  include?: string;
  /** Leave these elements out (CSS selectors). */
  exclude?: readonly string[];
  /** Rules by id beside the tagged ones, e.g. an experimental rule no tag selects. */
  rules?: Readonly<Record<string, { enabled: boolean }>>;
}

type AxeWindow = Window & {
  axe?: { run(context: ContextObject, options: RunOptions): Promise<AxeResults> };
};

/**
 * The violations of the page as it is now, one line each: rule id and up to five targets (a
 * contrast failure with its colours and ratio).
 */
export async function axeViolations(page: Page, scan: AxeScan): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe === 'object'))) {
    await page.evaluate(AXE_SOURCE);
  }
  const plain = {
    include: scan.include ?? 'html',
    exclude: [...(scan.exclude ?? [])],
    tags: scan.tags ? [...scan.tags] : null,
    rules: { ...scan.rules },
  };
  const violations = await page.evaluate(async ({ include, exclude, tags, rules }) => {
    const context: ContextObject = { include: [include], ...(exclude.length ? { exclude } : {}) };
    const options: RunOptions = {
      ...(tags ? { runOnly: { type: 'tag' as const, values: tags } } : {}),
      rules,
      iframes: false,
      resultTypes: ['violations'],
    };
    const result = await (window as AxeWindow).axe!.run(context, options);
    // A contrast failure says its colours: one that comes and goes is otherwise undiagnosable.
    const colours = (n: AxeResults['violations'][number]['nodes'][number]) => {
      const data = n.any[0]?.data as
        { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      return data?.fgColor
        ? ` (${data.fgColor} on ${data.bgColor ?? '?'}, ${data.contrastRatio ?? '?'}:1)`
        : '';
    };
    return result.violations.map((v) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target.join(' ') + colours(n)),
    }));
  }, plain);
  return violations.map(({ id, targets }) => {
    const more = targets.length > 5 ? ` (+${targets.length - 5})` : '';
    return `${id}: ${targets.slice(0, 5).join(', ')}${more}`;
  });
}

/** The WCAG 2.1 A and AA violations of the whole page as it is now. */
export const wcag21Violations = (page: Page): Promise<string[]> =>
  axeViolations(page, { tags: WCAG21_AA });
