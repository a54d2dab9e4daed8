/**
 * The alert archive in pages for the alarm-performance figures (issue 46, DESIGN.md
 * "Alarm performance"): GET /api/alerts per UTC day, kept in the engine like chart batches,
 * so a second look, another station or a sub-range fetches nothing again. A day, not less: the
 * archive ranges are rate limited (the reference server: 600 a minute, 120 at once per
 * session), and 30 days with their lookback are 37 requests; a busy plant's day (3,000-4,000
 * alarms) fits one answer.
 *
 * AP1 A range is read as the aligned pages that cover it; only pages not held (or stale) are
 *     fetched, at most PAGE_CONCURRENCY at once, and one page is never fetched twice at once.
 * AP2 A page answered with remainingCount > 0 (the server's limit, SPEC §8) is read on below
 *     its oldest row until the page is complete; rows at the seam are kept once (by id). A
 *     page whose answer makes no progress (more than a limit of rows in one millisecond) is
 *     kept as it is and marked truncated.
 * AP3 A page that was within RECENT_MS of "now" when fetched is fetched again after
 *     RECENT_FRESH_MS (acknowledgements and clears still change it); older pages are kept for
 *     OLD_FRESH_MS. `reload` fetches every page of the range again.
 * AP4 Memory is bounded: beyond ROW_BUDGET rows (a row is some 300 bytes in the worker), the
 *     least recently used pages not in use go; pages no read used for IDLE_DROP_MS go too, so
 *     a closed page leaves nothing behind in the engine.
 * AP5 Progress (rows loaded, share of the range covered) is reported after every answer.
 * AP11 An answer 429 (rate limited) is asked again after a pause, RATE_LIMIT_RETRIES times at
 *     most, the pause doubling from RATE_LIMIT_PAUSE_MS: a cold month is a few dozen requests,
 *     and a tab that just loaded charts may have used the session's budget.
 */
import type { Alert, AlertListResult, AlertQuery } from '../../src/contract/alerts.ts';
import { alertQuery } from '../../src/domain/alertQuery.ts';

export const PAGE_MS = 86_400_000;
export const PAGE_LIMIT = 10_000;
export const PAGE_CONCURRENCY = 3;
export const RECENT_MS = 48 * 3_600_000;
export const RECENT_FRESH_MS = 30_000;
export const OLD_FRESH_MS = 30 * 60_000;
export const ROW_BUDGET = 250_000;
export const IDLE_DROP_MS = 10 * 60_000;
export const RATE_LIMIT_RETRIES = 4;
export const RATE_LIMIT_PAUSE_MS = 1_000;

export type AlertPageFetcher = (query: AlertQuery) => Promise<AlertListResult>;

export interface PageProgress {
  loaded: number;
  covered: number;
}

interface Page {
  start: number;
  /** Rows raised in [start, start + PAGE_MS), ascending by (timestamp, id). */
  alerts: Alert[];
  truncated: boolean;
  fetchedAt: number;
  lastUsed: number;
  /** When a read last used it (epoch ms). */
  usedAt: number;
  loading: Promise<void> | null;
}

export interface PageRead {
  /** Rows of the pages covering the range, ascending (pages may reach beyond the range). */
  alerts: Alert[];
  truncated: boolean;
  /** Start of the first page read. */
  from: number;
}

export class AlarmPages {
  private readonly pages = new Map<number, Page>();
  private useCounter = 0;
  /** Fetches made (for tests and the bench). */
  fetches = 0;

  constructor(
    private readonly fetchAlerts: AlertPageFetcher,
    private readonly now: () => number,
    /** Rows asked for per request; the server may answer fewer (its own limit). */
    private readonly pageLimit = PAGE_LIMIT,
    /** Waits before a rate-limited request is asked again (AP11). */
    private readonly pause: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Rows held over all pages. */
  get rows(): number {
    let n = 0;
    for (const p of this.pages.values()) n += p.alerts.length;
    return n;
  }

  /** AP1-AP5: every row of [start, end), fetched where needed. */
  async read(
    start: number,
    end: number,
    options: { reload?: boolean; onProgress?: (p: PageProgress) => void } = {},
  ): Promise<PageRead> {
    const from = Math.floor(start / PAGE_MS) * PAGE_MS;
    const starts: number[] = [];
    for (let t = from; t < end; t += PAGE_MS) starts.push(t);
    const use = ++this.useCounter;
    const span = Math.max(1, end - start);
    let covered = 0;
    let loaded = 0;
    const report = () => options.onProgress?.({ loaded, covered: Math.min(1, covered / span) });
    const overlap = (t: number) => Math.max(0, Math.min(end, t + PAGE_MS) - Math.max(start, t));
    const todo: number[] = [];
    for (const t of starts) {
      const page = this.pages.get(t);
      if (page) {
        page.lastUsed = use;
        page.usedAt = this.now();
      }
      if (page && !page.loading && !options.reload && this.fresh(page)) {
        covered += overlap(t);
        loaded += page.alerts.length;
      } else todo.push(t);
    }
    report();
    // Newest first: what changes most is loaded while older pages wait.
    todo.reverse();
    const next = async (): Promise<void> => {
      for (let t = todo.shift(); t !== undefined; t = todo.shift()) {
        await this.load(t, use, options.reload === true, (rows) => {
          loaded += rows;
          report();
        });
        covered += overlap(t);
        report();
      }
    };
    await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, todo.length) }, next));
    let truncated = false;
    const parts: Alert[][] = [];
    for (const t of starts) {
      const page = this.pages.get(t)!;
      truncated ||= page.truncated;
      parts.push(page.alerts);
    }
    this.evict(use);
    this.sweepLater();
    return {
      alerts: parts.length === 1 ? parts[0]! : ([] as Alert[]).concat(...parts),
      truncated,
      from,
    };
  }

  private fresh(page: Page): boolean {
    const age = this.now() - page.fetchedAt;
    const recent = page.start + PAGE_MS > page.fetchedAt - RECENT_MS;
    return age < (recent ? RECENT_FRESH_MS : OLD_FRESH_MS);
  }

  private async load(
    start: number,
    use: number,
    reload: boolean,
    onRows: (rows: number) => void,
  ): Promise<void> {
    let page = this.pages.get(start);
    // Another read fetches it now: wait for that one (AP1).
    if (page?.loading) return page.loading;
    if (page && !reload && this.fresh(page)) return;
    if (!page) {
      page = {
        start,
        alerts: [],
        truncated: false,
        fetchedAt: 0,
        lastUsed: use,
        usedAt: this.now(),
        loading: null,
      };
      this.pages.set(start, page);
    }
    const held = page;
    held.loading = this.fetchPage(start, onRows).then(
      ({ alerts, truncated, fetchedAt }) => {
        held.alerts = alerts;
        held.truncated = truncated;
        held.fetchedAt = fetchedAt;
        held.loading = null;
      },
      (error: unknown) => {
        held.loading = null;
        if (held.fetchedAt === 0) this.pages.delete(start);
        throw error;
      },
    );
    return held.loading;
  }

  /** AP2: one page, read on below its oldest row while the server has more. */
  private async fetchPage(
    start: number,
    onRows: (rows: number) => void,
  ): Promise<{ alerts: Alert[]; truncated: boolean; fetchedAt: number }> {
    const end = start + PAGE_MS;
    const fetchedAt = this.now();
    const byNewest: Alert[] = [];
    const seen = new Set<number>();
    // The server's end is inclusive: the page ends 1 ms before the next one starts.
    let upTo = end - 1;
    let truncated = false;
    for (;;) {
      this.fetches++;
      const answer = await this.ask(alertQuery(start, upTo, this.pageLimit));
      let added = 0;
      let oldest = Infinity;
      for (const a of answer.alerts) {
        if (a.timestamp < oldest) oldest = a.timestamp;
        if (a.timestamp < start || a.timestamp >= end || seen.has(a.id)) continue;
        seen.add(a.id);
        byNewest.push(a);
        added++;
      }
      onRows(added);
      if (answer.remainingCount <= 0 || answer.alerts.length === 0) break;
      if (added === 0) {
        truncated = true;
        break;
      }
      // Rows at `oldest` may continue below the limit: read from there again, deduplicated.
      upTo = Math.min(upTo, oldest);
    }
    byNewest.sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
    return { alerts: byNewest, truncated, fetchedAt };
  }

  /** AP11: one request, asked again after a pause while the server answers 429. */
  private async ask(query: AlertQuery): Promise<AlertListResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.fetchAlerts(query);
      } catch (error) {
        const status = (error as { status?: unknown } | null)?.status;
        if (status !== 429 || attempt >= RATE_LIMIT_RETRIES) throw error;
        await this.pause(RATE_LIMIT_PAUSE_MS * 2 ** attempt);
      }
    }
  }

  private sweeping = false;

  /** AP4: drops pages unused for IDLE_DROP_MS, checking again while any are held. */
  private sweepLater(): void {
    if (this.sweeping) return;
    this.sweeping = true;
    void this.pause(IDLE_DROP_MS).then(() => {
      this.sweeping = false;
      const now = this.now();
      for (const [start, page] of this.pages)
        if (!page.loading && now - page.usedAt >= IDLE_DROP_MS) this.pages.delete(start);
      if (this.pages.size > 0) this.sweepLater();
    });
  }

  /** AP4: least recently used pages go first; pages of the read just made stay. */
  private evict(use: number): void {
    let total = this.rows;
    if (total <= ROW_BUDGET) return;
    const old = [...this.pages.values()]
      .filter((p) => p.lastUsed < use && !p.loading)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    for (const p of old) {
      if (total <= ROW_BUDGET) break;
      this.pages.delete(p.start);
      total -= p.alerts.length;
    }
  }
}
