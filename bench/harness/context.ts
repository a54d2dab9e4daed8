/**
 * What a scenario gets to work with (`ctx`): the reference server in load mode, the
 * browser, signed-in tabs of Pegel or of the naive baseline, metrics of the server, CDP
 * probes, built-file sizes, and a place to register cleanup. Resources a scenario opens
 * through ctx are closed after the scenario, even when it fails.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPlantServer, type PlantServerHandle } from '../../tests/support/plantServer.ts';
import { BASELINE_PATH, routeBaseline } from './baselineBundle.ts';
import type { BrowserCdp, HeapUsage, TargetHeap } from './BrowserCdp.ts';
import { cookiesForBrowser, type CookieProvider } from './cookies.ts';
import {
  installPageProbes,
  mainThreadBusy,
  openMetricsSession,
  type MetricsSession,
  pageHeap,
  performanceMetrics,
  startProbes,
  stopProbes,
  type ProbeWindow,
} from './pageProbes.ts';
import { startFakePlant } from './fakePlant.ts';
import { openStaticPage, type StaticFile } from './staticOrigin.ts';
import { scrapeMetrics, type MetricsSnapshot } from './prometheus.ts';

export type BenchMode = 'quick' | 'full';

/** Load-mode settings of the simulator (server env PEGEL_LOAD_*). */
export interface LoadSettings {
  stations: number;
  pvsPerStation: number;
  updatesPerSec: number;
}

/** 100,000 PVs at 10k updates/s: the ingest issue's base case. */
export const DEFAULT_LOAD: LoadSettings = {
  stations: 500,
  pvsPerStation: 200,
  updatesPerSec: 10_000,
};

export function loadEnv(load: LoadSettings): Record<string, string> {
  return {
    PEGEL_LOAD_STATIONS: String(load.stations),
    PEGEL_LOAD_PVS_PER_STATION: String(load.pvsPerStation),
    PEGEL_LOAD_UPDATES_PER_SEC: String(load.updatesPerSec),
  };
}

export interface BenchServer {
  url: string;
  load: LoadSettings;
  handle: PlantServerHandle;
  metrics(): Promise<MetricsSnapshot>;
}

export interface TabSet {
  context: BrowserContext;
  pages: Page[];
  /** Opens `n` more tabs on `path` in the same browser context. */
  open(n: number, path: string): Promise<Page[]>;
  close(): Promise<void>;
}

export interface TabOptions {
  /** Sign in through the cookie provider first (default true). */
  signedIn?: boolean;
  /** Server to open the tabs on; the shared server by default. */
  server?: BenchServer;
  /** Tabs opened in parallel (default 4); the machine has 2 cores. */
  concurrency?: number;
  /** Playwright's navigation wait (default 'load'). */
  waitUntil?: 'load' | 'domcontentloaded' | 'commit';
}

export interface BenchContext {
  mode: BenchMode;
  /** 'fake' under --fake-plant: a stand-in server and stand-in Pegel tabs check the harness. */
  plant: 'reference' | 'fake';
  /** Repository root. */
  root: string;
  /** The built client (after `vite build`). */
  distDir: string;
  /** The built naive baseline, served at BASELINE_PATH; null when it was not built. */
  baselineDir: string | null;
  browser: Browser;
  /** Raw CDP on the browser, for worker targets. */
  cdp: BrowserCdp;
  /** The shared reference server in load mode with DEFAULT_LOAD, started on first use. */
  server(): Promise<BenchServer>;
  /** A server of the scenario's own with other load settings; stopped after the scenario. */
  startServer(load: LoadSettings, env?: Record<string, string>): Promise<BenchServer>;
  /** True when a sign-in helper exists, so tabs and fetches carry a session. */
  signedIn: boolean;
  /** The session Cookie header for a server (cached per server); null without sign-in. */
  cookieHeader(server?: BenchServer): Promise<string | null>;
  /** GET a JSON resource of the server with the bench session. */
  fetchJson<T>(path: string, server?: BenchServer): Promise<T>;
  /**
   * A fresh browser context (one browser profile: its tabs share one SharedWorker).
   * `baseline`: the naive baseline is served in it; only then are its requests routed
   * through Playwright, which turns the browser's HTTP cache off and holds every request of
   * the context in the bench process (tabs opening the baseline path route themselves).
   */
  newContext(
    options?: Pick<TabOptions, 'signedIn' | 'server'> & { baseline?: boolean },
  ): Promise<BrowserContext>;
  /** Opens `n` tabs on `path` (e.g. '/stations/12') in a new signed-in context. */
  openTabs(n: number, path: string, options?: TabOptions): Promise<TabSet>;
  /** A page on a made-up origin serving `files` from memory (no server); closed afterwards. */
  staticPage(files: Record<string, StaticFile>, path?: string): Promise<Page>;
  /** Path of the naive baseline page with its query, e.g. baselinePath({keys: 'ai1..ai200'}). */
  baselinePath(query?: Record<string, string | number>): string;
  probes: {
    start(page: Page, options?: { frames?: boolean }): Promise<void>;
    stop(page: Page): Promise<ProbeWindow>;
    /** One Performance.getMetrics reading (counters start at this call: see metricsSession). */
    performanceMetrics(page: Page): Promise<Record<string, number>>;
    /** A session whose readings can be compared (TaskDuration before/after a window). */
    metricsSession(page: Page): Promise<MetricsSession>;
    pageHeap(page: Page, collectGarbage?: boolean): Promise<HeapUsage>;
    workerHeaps(collectGarbage?: boolean): Promise<TargetHeap[]>;
    mainThreadBusy(page: Page, run: () => Promise<void>): Promise<number>;
  };
  /** Runs `fn` `runs` times in sequence and returns the results in order. */
  repeat<T>(runs: number, fn: (run: number) => Promise<T>): Promise<T[]>;
  /** Registers cleanup to run after the scenario (last registered runs first). */
  defer(cleanup: () => Promise<void> | void): void;
  log(message: string): void;
}

export interface HarnessOptions {
  mode: BenchMode;
  root: string;
  distDir: string;
  browser: Browser;
  cdp: BrowserCdp;
  baselineDir: string | null;
  cookieProvider: CookieProvider | null;
  /** Use the fake plant (harness self-check) instead of the reference server. */
  fakePlant?: boolean;
  log(message: string): void;
}

/** Lives for the whole run; hands each scenario a context whose cleanup it runs afterwards. */
export class Harness {
  private shared: Promise<BenchServer> | null = null;
  /** One sign-in per server: a server that stops takes its session with it, and a later
   * server on the same port (another object) signs in anew. */
  private readonly cookies = new WeakMap<BenchServer, Promise<string>>();

  constructor(private readonly options: HarnessOptions) {}

  private async launchServer(load: LoadSettings, env: Record<string, string>) {
    const handle = this.options.fakePlant
      ? await startFakePlant(load)
      : // The naive baseline fetches whole ranges per view; the limit would measure itself.
        await startPlantServer({
          env: { PEGEL_RATE_HEAVY_PER_MIN: '0', ...loadEnv(load), ...env },
        });
    const server: BenchServer = {
      url: handle.url,
      load,
      handle,
      metrics: () => scrapeMetrics(handle.url),
    };
    return server;
  }

  /** Runs `fn` with a fresh scenario context and releases everything it opened. */
  async withContext<T>(fn: (ctx: BenchContext) => Promise<T>): Promise<T> {
    const cleanups: (() => Promise<void> | void)[] = [];
    const o = this.options;
    const defer = (c: () => Promise<void> | void) => void cleanups.push(c);
    const sharedServer = () => {
      this.shared ??= this.launchServer(DEFAULT_LOAD, {});
      return this.shared;
    };
    const cookieHeader = async (server?: BenchServer) => {
      if (!o.cookieProvider) return null;
      const target = server ?? (await sharedServer());
      let cookie = this.cookies.get(target);
      if (!cookie) {
        cookie = o.cookieProvider(target.url);
        this.cookies.set(target, cookie);
      }
      return cookie;
    };
    // Routed contexts: Playwright turns the HTTP cache off while a context routes requests,
    // so only a context that opens the baseline routes at all (Pegel's tabs load as in an
    // operator's browser: hashed assets from the cache, requests straight to the server).
    const routed = new WeakSet<BrowserContext>();
    const routeBaselineOnce = async (context: BrowserContext, origin: string) => {
      if (!o.baselineDir || routed.has(context)) return;
      routed.add(context);
      await routeBaseline(context, origin, o.baselineDir);
    };
    const originOf = new WeakMap<BrowserContext, string>();
    const newContext: BenchContext['newContext'] = async (options = {}) => {
      const server = options.server ?? (await sharedServer());
      const context = await o.browser.newContext({ baseURL: server.url });
      originOf.set(context, server.url);
      defer(() => context.close().catch(() => undefined));
      await installPageProbes(context);
      if (options.baseline) await routeBaselineOnce(context, server.url);
      const cookie = options.signedIn === false ? null : await cookieHeader(server);
      if (cookie) await context.addCookies(cookiesForBrowser(cookie, server.url));
      return context;
    };
    const openIn = async (context: BrowserContext, n: number, path: string, opts: TabOptions) => {
      const origin = originOf.get(context);
      if (path.startsWith(BASELINE_PATH) && origin) await routeBaselineOnce(context, origin);
      const pages: Page[] = [];
      const concurrency = Math.max(1, opts.concurrency ?? 4);
      for (let i = 0; i < n; i += concurrency) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(concurrency, n - i) }, async () => {
            const page = await context.newPage();
            await page.goto(path, { waitUntil: opts.waitUntil ?? 'load' });
            return page;
          }),
        );
        pages.push(...batch);
      }
      return pages;
    };
    const ctx: BenchContext = {
      mode: o.mode,
      plant: o.fakePlant ? 'fake' : 'reference',
      root: o.root,
      distDir: o.distDir,
      baselineDir: o.baselineDir,
      browser: o.browser,
      cdp: o.cdp,
      server: sharedServer,
      startServer: async (load, env = {}) => {
        const server = await this.launchServer(load, env);
        defer(() => server.handle.dispose());
        return server;
      },
      signedIn: o.cookieProvider !== null,
      cookieHeader,
      fetchJson: async <T>(path: string, server?: BenchServer) => {
        const s = server ?? (await sharedServer());
        const cookie = await cookieHeader(s);
        const res = await fetch(new URL(path, s.url), { headers: cookie ? { cookie } : {} });
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
        return (await res.json()) as T;
      },
      newContext,
      openTabs: async (n, path, options = {}) => {
        const context = await newContext(options);
        const pages = await openIn(context, n, path, options);
        return {
          context,
          pages,
          open: async (more, morePath) => {
            const added = await openIn(context, more, morePath, options);
            pages.push(...added);
            return added;
          },
          close: () => context.close(),
        };
      },
      staticPage: async (files, path) => {
        const { page, close } = await openStaticPage(o.browser, files, path);
        defer(close);
        return page;
      },
      baselinePath: (query = {}) => {
        const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
        const text = q.toString();
        return text ? `${BASELINE_PATH}?${text}` : BASELINE_PATH;
      },
      probes: {
        start: startProbes,
        stop: stopProbes,
        performanceMetrics,
        metricsSession: openMetricsSession,
        pageHeap,
        workerHeaps: (gc) => o.cdp.workerHeaps(gc),
        mainThreadBusy,
      },
      repeat: async (runs, fn) => {
        const out = [];
        for (let i = 0; i < runs; i++) out.push(await fn(i));
        return out;
      },
      defer,
      log: o.log,
    };
    try {
      return await fn(ctx);
    } finally {
      for (const c of cleanups.reverse()) await c();
    }
  }

  async close(): Promise<void> {
    const shared = this.shared ? await this.shared.catch(() => null) : null;
    await shared?.handle.dispose();
    this.shared = null;
  }
}
