/**
 * Reaches the engine from a tab: the one SharedWorker of the origin where it exists, a
 * dedicated Worker where it does not (each tab then has its own engine), and an engine in
 * the page itself where there are no workers at all (or they are refused, e.g. by a
 * sandboxed frame or a content security policy).
 */
import * as Comlink from 'comlink';
import type { AlertQuery } from '../contract/alerts.ts';
import type { AlertView, EngineApi } from '../../workers/engineApi.ts';
import { earlyAlertFrameKeeper } from './earlyAlertFrame.ts';

export type EngineMode = 'shared' | 'dedicated' | 'inProcess';

export interface EngineConnection {
  api: EngineApi;
  mode: EngineMode;
}

const WORKER_NAME = 'pegel-engine';

function sharedEngineWorker(): SharedWorker {
  return new SharedWorker(new URL('../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: sharedEngineName(),
  });
}

/** The shared engine's port, opened at boot (prestartEngine) and taken by connectEngine. */
let early: EngineApi | null = null;

/**
 * Boots the shared engine's worker while the page is still loading (its script compiles
 * beside the page's own start), so the first values and alert rows need not wait for it.
 * connectEngine() then talks through this worker's port. The tab registers at boot too
 * (main.tsx), but nothing is leased and no hub opens until the signed-in shell's views lease.
 */
export function prestartEngine(): void {
  if (early || typeof SharedWorker === 'undefined') return;
  try {
    early = Comlink.wrap<EngineApi>(sharedEngineWorker().port);
  } catch {
    early = null;
  }
}

/**
 * Asks the engine started at boot to load an archive range now, before this tab has
 * registered (AV3f): the page that shows it is still loading. With the page's first view,
 * the engine's first frame of it is kept for that view's first render (AV3i). Without a
 * shared engine, nothing (the tab's own engine starts with the page).
 */
export function prefetchArchive(query: AlertQuery, view?: AlertView): void {
  const keep = earlyAlertFrameKeeper();
  early?.prefetchArchive(query, view).then(
    (frame) => view && keep(view, frame),
    () => undefined,
  );
}

export async function connectEngine(): Promise<EngineConnection> {
  try {
    if (typeof SharedWorker !== 'undefined') {
      return { api: early ?? Comlink.wrap<EngineApi>(sharedEngineWorker().port), mode: 'shared' };
    }
  } catch (error) {
    console.warn('SharedWorker refused, trying a dedicated worker', error);
  }
  try {
    if (typeof Worker !== 'undefined') {
      const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
        type: 'module',
        name: WORKER_NAME,
      });
      return { api: Comlink.wrap<EngineApi>(worker), mode: 'dedicated' };
    }
  } catch (error) {
    console.warn('Worker refused, running the engine in the page', error);
  }
  // Loaded only here, so the SignalR client stays out of the main chunk.
  const { createEngine } = await import('../../workers/createEngine.ts');
  return { api: createEngine(window), mode: 'inProcess' };
}

/** Where the tabs of the origin keep the name of the shared engine in use (EL2). */
const ENGINE_NAME_KEY = 'pegel.engineName';

/** The shared engine's worker name: the one the origin's tabs use now (EL2). */
function sharedEngineName(): string {
  try {
    return localStorage.getItem(ENGINE_NAME_KEY) ?? WORKER_NAME;
  } catch {
    return WORKER_NAME;
  }
}

/**
 * EL2: a new engine after the one this tab used has ended (`lost`: the name of its Web
 * Lock). It gets a name of its own, the same in every tab that lost that engine, so they
 * meet in one new worker: under the old name, the browser may still hand out the ending
 * worker (its lock is gone before its worker is), whose port never answers. Tabs opened
 * later find the name in localStorage.
 */
export function reconnectEngine(lost: string): Promise<EngineConnection> {
  early = null;
  const name = `${WORKER_NAME}~${lost}`;
  try {
    localStorage.setItem(ENGINE_NAME_KEY, name);
  } catch {
    // Without storage, tabs opened later start under the old name: one more engine at most.
  }
  return connectEngine();
}
