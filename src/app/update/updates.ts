/**
 * The service worker and the version the tabs run (README "Offline start and updates").
 * Loaded after the page (src/app/Shell.tsx, with the prompt), never on the critical path.
 *
 * - The worker (scripts/pwa.ts) is registered once the page has loaded; it installs the new
 *   version in the background and then waits. The tab offers it; the operator chooses the
 *   moment, a wall monitor takes the next quiet one (updateRules.ts PWA1).
 * - Each tab announces its version (build and engine script) in localStorage; a tab that
 *   sees a newer one follows it (PWA2): a newer page is offered, a newer engine makes the tab
 *   reload by itself at the next quiet moment, so it does not stay on an engine the others
 *   have left.
 */
import { proxy, useSnapshot } from 'valtio';
import { Workbox } from 'workbox-window';
import { engineScriptPath } from '../../live/engineScript.ts';
import {
  compareVersions,
  mayReloadNow,
  parseVersion,
  type ReloadTrigger,
  type RunningVersion,
} from './updateRules.ts';
import { hasUnsentInput, isDialogOpen, watchInputs } from './pageMoment.ts';

declare const __PEGEL_BUILD__: string;

/** Where the tabs of the origin announce the newest version running (PWA2). */
const VERSION_KEY = 'pegel.version';
/** The newer build this tab has reloaded for once already (no reload loop without it). */
const RELOADED_FOR_KEY = 'pegel.reloadedFor';
/** How often a tab that stays open asks the server for a new version. */
const UPDATE_CHECK_MS = 30 * 60_000;
/** How often a chosen reload looks for its moment. */
const MOMENT_POLL_MS = 1000;
/** A waiting worker that does not take over within this long: reload all the same. */
const TAKE_OVER_WAIT_MS = 5000;

export interface UpdateState {
  /** A new version is there: the prompt shows. */
  offered: boolean;
  /** The reload is chosen (by the operator or the tab itself) and waits for its moment. */
  pending: ReloadTrigger | null;
}

export const version: RunningVersion = {
  build: __PEGEL_BUILD__,
  engine: engineScriptPath(),
};

/** What the prompt shows (valtio, as all app state: DESIGN.md). */
const state = proxy<UpdateState>({ offered: false, pending: null });
let wb: Workbox | null = null;
let registration: ServiceWorkerRegistration | undefined;
let kiosk = false;
let urgentAlarm: boolean | null = null;
let poll: ReturnType<typeof setInterval> | undefined;
let started = false;

function set(next: Partial<UpdateState>): void {
  Object.assign(state, next);
}

/** The update state for a view, which renders again when it changes. */
export function useUpdateState(): UpdateState {
  return useSnapshot(state);
}

/** The shell tells whether this tab is a wall monitor and what the alarms are. */
export function setPageContext(next: { kiosk: boolean; urgentAlarm: boolean | null }): void {
  kiosk = next.kiosk;
  urgentAlarm = next.urgentAlarm;
  if (kiosk && state.offered && !state.pending) reloadWhenQuiet('automatic');
}

function offer(automatic: boolean): void {
  set({ offered: true });
  if ((automatic || kiosk) && state.pending !== 'operator') reloadWhenQuiet('automatic');
}

/**
 * Reloads into the new version at the first moment the rule allows (PWA1): at once when it
 * allows it now, else as soon as the dialog is closed, the input sent, the alarm acknowledged.
 */
export function reloadWhenQuiet(trigger: ReloadTrigger): void {
  // The operator's choice is the weaker condition: it replaces the tab's own.
  if (state.pending === 'operator' && trigger === 'automatic') return;
  set({ pending: trigger });
  clearInterval(poll);
  const attempt = () => {
    const moment = { dialogOpen: isDialogOpen(), unsentInput: hasUnsentInput(), urgentAlarm };
    if (!state.pending || !mayReloadNow(moment, state.pending)) return;
    clearInterval(poll);
    void takeNewVersion();
  };
  poll = setInterval(attempt, MOMENT_POLL_MS);
  attempt();
}

/** Resolves once the worker that installs now is installed (or failed), at most after `ms`. */
function installed(worker: ServiceWorker | null | undefined, ms: number): Promise<void> {
  return new Promise((done) => {
    if (!worker) return done();
    setTimeout(done, ms);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') done();
    });
  });
}

/**
 * The waiting worker takes over and the tab reloads into it. A tab that follows a newer tab
 * (PWA2) may not have heard of the new worker yet: it asks the server first. Without a
 * worker, a plain reload.
 */
async function takeNewVersion(): Promise<void> {
  if (registration && !registration.waiting) {
    await registration.update().catch(() => undefined);
    await installed(registration.installing, TAKE_OVER_WAIT_MS);
  }
  const waiting = registration?.waiting;
  if (!wb || !waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
  wb.messageSkipWaiting();
  setTimeout(() => window.location.reload(), TAKE_OVER_WAIT_MS);
}

function readStored(): RunningVersion | null {
  try {
    return parseVersion(JSON.parse(localStorage.getItem(VERSION_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** PWA2: what this tab does about the newest version announced on the origin. */
function followVersion(other: RunningVersion | null, atStart: boolean): void {
  const verdict = other ? compareVersions(version, other) : 'older';
  if (verdict === 'newerPage' || verdict === 'newerEngine') {
    let reloadedFor: string | null = null;
    try {
      reloadedFor = sessionStorage.getItem(RELOADED_FOR_KEY);
    } catch {
      // Without session storage, a reload that brings the same version is offered again.
    }
    // Reloaded for this build once and still older: neither cache nor server has it (taken
    // back on the server, or not yet installed). This tab announces what it runs instead.
    if (!(atStart && reloadedFor === other?.build)) {
      try {
        if (other) sessionStorage.setItem(RELOADED_FOR_KEY, other.build);
      } catch {
        // See above.
      }
      offer(verdict === 'newerEngine');
      return;
    }
  }
  if (atStart && verdict !== 'same') {
    try {
      localStorage.setItem(VERSION_KEY, JSON.stringify(version));
    } catch {
      // Without storage, tabs cannot see each other's versions; the worker still updates them.
    }
  }
}

function watchVersions(): void {
  followVersion(readStored(), true);
  window.addEventListener('storage', (event) => {
    if (event.key !== VERSION_KEY || event.newValue === null) return;
    try {
      followVersion(parseVersion(JSON.parse(event.newValue)), false);
    } catch {
      // Not a version: ignored.
    }
  });
}

async function registerWorker(): Promise<void> {
  wb = new Workbox('/sw.js', { scope: '/' });
  // Installed and waiting, now or from an earlier visit.
  wb.addEventListener('waiting', () => offer(false));
  try {
    registration = await wb.register();
  } catch {
    // Refused (a private window, a policy, a test that blocks workers): the app works
    // without, only not offline.
    return;
  }
  if (registration?.waiting && navigator.serviceWorker.controller) offer(false);
  const check = () => void wb?.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
}

/** In development there is no worker; one left from a build on this origin is removed. */
async function removeWorkers(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
}

/** The kiosk tab offers the wall monitor's app (start in kiosk mode, full screen). */
function offerKioskManifest(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = '/manifest-kiosk.webmanifest';
}

/** Starts the worker, the version rule and the watch over inputs; once per tab. */
export function startUpdates(options: { kiosk: boolean }): void {
  if (started) return;
  started = true;
  const hasWorkers = 'serviceWorker' in navigator;
  if (import.meta.env.DEV) {
    if (hasWorkers) void removeWorkers().catch(() => undefined);
    return;
  }
  watchInputs();
  if (options.kiosk) offerKioskManifest();
  watchVersions();
  if (!hasWorkers) return;
  void registerWorker();
}
