/**
 * The alert views of all tabs (`AlertFeed.ts`), fetched with the first view a tab opens: the
 * archive lists loaded over REST, and each view's window cut from the sorted, filtered rows
 * of its list (`alertStore.ts`). The current list itself stays in the feed from the start.
 */
import type { Alert, AlertQuery } from '../../src/contract/alerts.ts';
import type { AlertViewFrame } from '../engineProtocol.ts';
import type { AlertArchiveFetcher, AlertView, AlertViewSource } from './AlertFeed.ts';
import { AlertRows } from './alertRows.ts';
import { AlertViews } from './alertStore.ts';
import { heldWindow, holdOrder, type HeldOrder } from './alertHold.ts';

/** Rows sent on each side of the visible window, so short scrolls need no round trip. */
export const ALERT_WINDOW_MARGIN_ROWS = 50;
/**
 * An archive query larger than this first fetches its newest rows alone: a screenful is on
 * screen in milliseconds while the whole range (up to 200,000 rows, tens of MB) loads.
 */
export const ARCHIVE_FIRST_PAGE_ROWS = 300;

/** The current list as the feed holds it. */
export interface LiveList {
  rows: AlertRows;
  state: 'loading' | 'ready' | 'error';
  error: string | null;
}

/** Where a held view keeps its frozen order (AH1). */
export interface HoldSlot {
  get(): HeldOrder | undefined;
  set(order: HeldOrder): void;
}

export interface AlertViewSetDeps {
  fetchArchive: AlertArchiveFetcher;
  /** The views of these sources need a new frame (an archive list arrived). */
  changed(source: (source: AlertViewSource) => boolean): void;
}

interface ArchiveEntry {
  store: AlertRows;
  state: 'loading' | 'partial' | 'ready' | 'error';
  error: string | null;
  remainingCount: number;
  users: number;
  /**
   * Of `users`, the boot's asks (AV3f) no view has taken yet. A view that takes the range ends
   * them (AV3k): held on for their 30 s, a range whose tab had closed loaded on for nobody.
   */
  prefetches: number;
  /** A view shows the range (not only a prefetch): the whole range is wanted (AV3g). */
  shown: boolean;
  /** A view uses the range, perhaps before drawing its first rows (AV3h). */
  viewed: boolean;
  /** Asks for the whole range when it is shown and its first page has answered. */
  fetchRest(): void;
  /** Settles when the first page (or the whole range, or its failure) has answered. */
  answered: Promise<void>;
  /** Cancels its requests: the last user went (AV3j). */
  abort(): void;
}

/**
 * How a range is used: `prefetch` (AV3f) and `firstPage` (a view that has not drawn its first
 * rows yet, AV3h) load the first page and leave the whole range to a view that shows it.
 */
export type ArchiveUse = 'prefetch' | 'firstPage' | 'whole';

function queryKey(q: AlertQuery): string {
  return `${q.start}|${q.end}|${q.limit}`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class AlertViewSet {
  private readonly archives = new Map<string, ArchiveEntry>();
  private readonly viewsOf = new WeakMap<AlertRows, AlertViews>();

  constructor(private readonly deps: AlertViewSetDeps) {}

  /**
   * A view started (+1) or stopped (-1) showing an archive query; the first use loads it.
   * See ArchiveUse; a view that waited calls `showArchive` once it has drawn (AV3g, AV3h).
   */
  useArchive(query: AlertQuery, delta: 1 | -1, use: ArchiveUse = 'whole'): void {
    const key = queryKey(query);
    const entry = this.archives.get(key);
    if (delta === -1) {
      if (entry) this.release(key, entry);
      return;
    }
    // AV3k: a view takes the range the boot asked for; the boot's hold ends with it.
    const taken = use === 'prefetch' ? 0 : (entry?.prefetches ?? 0);
    // A list that failed to load (e.g. asked for at boot before the sign-in) loads afresh
    // for its next user; the users it had keep counting.
    if (entry && entry.state !== 'error') {
      entry.users += 1 - taken;
      entry.prefetches += use === 'prefetch' ? 1 : -taken;
      if (use !== 'prefetch') entry.viewed = true;
      if (use === 'whole' && !entry.shown) {
        entry.shown = true;
        entry.fetchRest();
      }
      return;
    }
    let firstAnswered = false;
    let restAsked = false;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stillUsed = () => this.archives.get(key) === loading;
    // AV3j: a range nobody uses any more is not loaded on: its download and parse (seconds
    // for 100,000 rows) would take the machine from what the operator does next, such as
    // the range they picked instead or the next tab they opened.
    const controller = new AbortController();
    const loading: ArchiveEntry = {
      store: new AlertRows(),
      state: 'loading',
      error: null,
      remainingCount: 0,
      users: (entry?.users ?? 0) + 1 - taken,
      prefetches: (entry?.prefetches ?? 0) + (use === 'prefetch' ? 1 : -taken),
      shown: use === 'whole',
      viewed: use !== 'prefetch',
      answered,
      abort: () => controller.abort(),
      // AV3e: the whole range only once the first page has answered (asked together, a
      // server that builds one answer at a time may build the whole range first, seconds
      // for 100,000 rows, while the first page waits behind it); AV3g: and only for a view
      // (a prefetch's whole range would hold the same server while the page asks for its
      // session). A range no view shows any more by then is not fetched.
      fetchRest: () => {
        if (!firstAnswered || restAsked || !loading.shown || !stillUsed()) return;
        if (loading.state === 'ready') return;
        restAsked = true;
        void fetchAll();
      },
    };
    this.archives.set(key, loading);
    const changed = () =>
      this.deps.changed((s) => s.kind === 'archive' && queryKey(s.query) === key);
    /** Gone meanwhile: whoever waits is answered, and nothing is kept. */
    const dropped = () => {
      if (stillUsed()) return false;
      answer();
      return true;
    };
    const fetchAll = () =>
      this.deps.fetchArchive(query, controller.signal).then(
        (result) => {
          if (dropped()) return;
          loading.store.replaceAll(result.alerts);
          loading.remainingCount = result.remainingCount;
          loading.state = 'ready';
          changed();
          answer();
        },
        (error: unknown) => {
          if (dropped()) return;
          loading.state = 'error';
          loading.error = messageOf(error);
          changed();
          answer();
        },
      );
    if (query.limit <= ARCHIVE_FIRST_PAGE_ROWS) {
      restAsked = true;
      void fetchAll();
      return;
    }
    this.deps.fetchArchive({ ...query, limit: ARCHIVE_FIRST_PAGE_ROWS }, controller.signal).then(
      (first) => {
        firstAnswered = true;
        if (dropped()) return;
        loading.store.replaceAll(first.alerts);
        // A range the first page holds whole (nothing remaining) is ready with it.
        loading.state = first.remainingCount === 0 ? 'ready' : 'partial';
        changed();
        answer();
        loading.fetchRest();
      },
      (error: unknown) => {
        firstAnswered = true;
        if (dropped()) return;
        if (loading.viewed) {
          // A view waits for it: the whole range reports a failure of its own.
          loading.shown = true;
          loading.fetchRest();
        } else {
          // Nobody shows it yet: the view that comes loads it afresh.
          loading.state = 'error';
          loading.error = messageOf(error);
          changed();
        }
        answer();
      },
    );
  }

  /** AV3f: a boot's ask no view took within its time goes (a taken one ended already). */
  releasePrefetch(query: AlertQuery): void {
    const key = queryKey(query);
    const entry = this.archives.get(key);
    if (!entry || entry.prefetches <= 0) return;
    entry.prefetches--;
    this.release(key, entry);
  }

  /** One user of the range went; the last one cancels it (AV3j). */
  private release(key: string, entry: ArchiveEntry): void {
    if (--entry.users > 0) return;
    this.archives.delete(key);
    entry.abort();
  }

  /**
   * AV3i: the first frame of `view` (a view of `query`) once the list has rows to show, or
   * null: for another list, and for a list that failed (e.g. asked before the sign-in; the
   * view loads it afresh and shows no error from then).
   */
  async firstFrame(
    query: AlertQuery,
    view: AlertView,
    live: AlertRows,
  ): Promise<AlertViewFrame | null> {
    const key = queryKey(query);
    if (view.source.kind !== 'archive' || queryKey(view.source.query) !== key) return null;
    await this.archives.get(key)?.answered;
    const frame = this.frame(view, { rows: live, state: 'ready', error: null });
    return frame.state === 'partial' || frame.state === 'ready' ? frame : null;
  }

  /** AV3h: a view has drawn the first page of `query`; the whole range may load now. */
  showArchive(query: AlertQuery): void {
    const entry = this.archives.get(queryKey(query));
    if (!entry || entry.shown) return;
    entry.shown = true;
    entry.fetchRest();
  }

  /** The window of one view: its rows plus a margin, and the totals. */
  frame(view: AlertView, live: LiveList, hold?: HoldSlot): AlertViewFrame {
    if (hold && view.hold && view.source.kind === 'live') return this.heldFrame(view, live, hold);
    const archive =
      view.source.kind === 'archive' ? this.archives.get(queryKey(view.source.query)) : undefined;
    const store = view.source.kind === 'live' ? live.rows : archive?.store;
    const w = store
      ? this.views(store).window({
          sort: view.sort,
          filter: view.filter,
          start: view.start,
          count: view.count,
          margin: ALERT_WINDOW_MARGIN_ROWS,
        })
      : { from: 0, rows: [], total: 0, storeSize: 0 };
    return {
      state: view.source.kind === 'live' ? live.state : (archive?.state ?? 'loading'),
      error: view.source.kind === 'live' ? live.error : (archive?.error ?? null),
      from: w.from,
      rows: w.rows,
      total: w.total,
      storeSize: w.storeSize,
      remainingCount: archive?.remainingCount ?? 0,
    };
  }

  /** AH1-AH2: the window of a held current list, frozen when its token, sort or filter changed. */
  private heldFrame(view: AlertView, live: LiveList, hold: HoldSlot): AlertViewFrame {
    const key = JSON.stringify([view.hold, view.sort ?? null, view.filter ?? null]);
    const current = this.views(live.rows).rows(view.sort, view.filter);
    let order = hold.get();
    if (!order || order.key !== key) {
      order = holdOrder(key, current);
      hold.set(order);
    }
    const w = heldWindow(order, current, view.start, view.count, ALERT_WINDOW_MARGIN_ROWS);
    return {
      state: live.state,
      error: live.error,
      from: w.from,
      rows: w.rows,
      total: w.total,
      storeSize: live.rows.size,
      remainingCount: 0,
      held: w.held,
      gone: w.gone,
    };
  }

  /** All rows of a view (sorted, filtered), e.g. for a CSV export. */
  rows(view: Omit<AlertView, 'start' | 'count'>, live: AlertRows): Alert[] {
    const store =
      view.source.kind === 'live' ? live : this.archives.get(queryKey(view.source.query))?.store;
    return store ? this.views(store).rows(view.sort, view.filter) : [];
  }

  private views(store: AlertRows): AlertViews {
    let views = this.viewsOf.get(store);
    if (!views) {
      views = new AlertViews(store);
      this.viewsOf.set(store, views);
    }
    return views;
  }
}
