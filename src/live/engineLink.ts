/**
 * The tab's connection to the engine, and its restart (workers/SPEC.md EL1-EL3, TB5, TB9,
 * FR7c, AV7). It registers the tab once, holding the tab's Web Lock for the tab's life so the
 * engine notices when the tab dies (DT1). Over a worker's port, PV frames pass a frame gate
 * and are acknowledged once applied (FR7, TB9); alert views pass a second gate that shares its
 * animation frame (AV7, FR7c), the banner's counts with them in a tab in view and at once in a
 * hidden one (AV7c). Hidden tabs tell the engine (TB5). When the engine itself ends (its worker
 * closed or crashed), the tab learns it from the engine's Web Lock (EL1), marks what it shows
 * as no longer live, starts a new engine and leases everything again (EL2); a call the lost
 * engine never answered is asked again of the new one (EL3).
 */
import * as Comlink from 'comlink';
import type { EngineApi, TabOptions } from '../../workers/engineApi.ts';
import type { AlertsMessage, FrameAck, TabMessage } from '../../workers/engineProtocol.ts';
import { tabLockName } from '../../workers/tabLocks.ts';
import { whenEngineGone } from '../../workers/engineLock.ts';
import type { Timers } from '../domain/timers.ts';
import type { EngineConnection } from './connectEngine.ts';
import {
  animationFrames,
  drawTogether,
  FrameGate,
  type DrawScope,
  type RequestFrame,
} from './frameGate.ts';

/** A source of the tab's visibility; `document` by default. */
export interface Visibility {
  isVisible(): boolean;
  onChange(listener: () => void): () => void;
}

export interface EngineLinkOptions {
  /** The tab's Web Locks; without them the engine relies on `dispose()`. */
  locks?: LockManager;
  /**
   * A new engine after the one of `connection` (or an earlier new one) ended (EL2). Without
   * it, or without Web Locks, a lost engine goes unnoticed.
   */
  reconnect?: (lostEngine: string) => Promise<EngineConnection>;
  /** Visibility source; defaults to `document`. */
  visibility?: Visibility;
  /**
   * When a frame from a port is applied (FrameGate): the browser's animation frames by
   * default; null applies each frame as it arrives.
   */
  requestFrame?: RequestFrame | null;
  /**
   * How the frames applied in an animation frame run (`drawTogether`): React's flushSync, so
   * what they change renders and paints in that frame.
   */
  inDraw?: DrawScope;
}

/** What the tab does with what the engine sends, and after a loss. */
export interface EngineLinkHost {
  readonly tabId: string;
  readonly timers: Timers;
  /** The flush interval the tab asked for, if any (FR5). */
  flushIntervalMs(): number | undefined;
  /** Applies one message; `inDraw`: in an animation frame. Returns whether anything woke. */
  receive(message: TabMessage, inDraw?: boolean): boolean;
  applyAlertViews(message: AlertsMessage): void;
  applyAlertCounts(message: AlertsMessage): void;
  /** EL2: the engine ended; what the tab shows is no longer live. */
  engineLost(): void;
  /** EL2: everything the tab holds, to the new engine. */
  leaseAgain(api: EngineApi): Promise<void>;
}

export class EngineLink {
  private connection: Promise<EngineConnection>;
  private started: Promise<EngineApi> | null = null;
  private disposed = false;
  /** What ends with the tab: its Web Lock. */
  private readonly cleanups: (() => void)[] = [];
  /** What ends with the current engine: its port, frame gates, the wait for its end. */
  private readonly engineCleanups: (() => void)[] = [];
  private tabLock: Promise<void> | null = null;
  /** Settles when the current engine is lost (EL2); a new one replaces it then. */
  private lost: Promise<void> = new Promise(() => undefined);
  private markLost: () => void = () => undefined;

  constructor(
    connection: Promise<EngineConnection>,
    private readonly host: EngineLinkHost,
    private readonly options: EngineLinkOptions,
  ) {
    this.connection = connection;
    this.armLoss();
  }

  /** Registers the tab with the engine; idempotent. Every other call waits for it. */
  start(): Promise<EngineApi> {
    this.started ??= this.register();
    return this.started;
  }

  /**
   * EL3: a call whose answer the tab waits for. Asked of an engine that is lost before it
   * answers (a dead worker never does), it is asked again of the new one.
   */
  async ask<T>(call: (api: EngineApi) => Promise<T>): Promise<T> {
    for (;;) {
      const lost = this.lost;
      const api = await this.start();
      const answer = await Promise.race([
        call(api).then((value) => ({ value })),
        lost.then(() => null),
      ]);
      if (answer) return answer.value;
    }
  }

  async dispose(tabId: string): Promise<void> {
    this.disposed = true;
    for (const cleanup of this.engineCleanups.splice(0)) cleanup();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (!this.started) return;
    const api = await this.started;
    await api.disconnect(tabId);
  }

  private async register(): Promise<EngineApi> {
    const { host, options } = this;
    const { api, mode } = await this.connection;
    // Held once for the tab's life: a new engine waits on the same lock (EL2).
    await (this.tabLock ??= this.holdTabLock());
    const visibility = options.visibility ?? documentVisibility();
    const tabOptions: TabOptions = {
      visible: visibility?.isVisible() ?? true,
      flushIntervalMs: host.flushIntervalMs(),
    };
    const receive = (message: TabMessage) => void host.receive(message);
    if (mode === 'inProcess') {
      await api.connect(host.tabId, receive, tabOptions);
    } else {
      const channel = new MessageChannel();
      const ack: FrameAck = { type: 'frameAck' };
      const frameSource =
        options.requestFrame === undefined ? animationFrames() : options.requestFrame;
      // Both gates share one animation frame, applied in one scope (one render, FR7c).
      const requestFrame =
        frameSource && options.inDraw ? drawTogether(frameSource, options.inDraw) : frameSource;
      // Applied (or failed): the engine may send the next frame, one in flight at most.
      const frames = new FrameGate<TabMessage>(
        (message, inDraw) => host.receive(message, inDraw),
        () => channel.port1.postMessage(ack),
        requestFrame,
        host.timers,
      );
      // Alert lists follow the same rule without an ack (AV7). The banner's counts that come
      // with a list's views in a tab in view go with them (AV7c): one render for the list and
      // the counts, in the frame that draws them. A hidden tab takes its counts at once: they
      // sound the horn in a tab nobody looks at, which draws no frames.
      /** The message whose counts wait with its views; a newer message's counts replace it. */
      let heldCounts: AlertsMessage | null = null;
      const takeHeldCounts = () => {
        const message = heldCounts;
        heldCounts = null;
        if (message) host.applyAlertCounts(message);
      };
      const alertViews = new FrameGate<AlertsMessage>(
        (message) => {
          try {
            host.applyAlertViews(message);
          } finally {
            if (message === heldCounts) takeHeldCounts();
          }
        },
        () => undefined,
        requestFrame,
        host.timers,
      );
      channel.port1.onmessage = (event: MessageEvent<TabMessage>) => {
        const message = event.data;
        if (message.type === 'frame') frames.push(message);
        else if (message.type === 'alerts') {
          if (message.counts) {
            heldCounts = message;
            if (!message.views.length || !(visibility?.isVisible() ?? true)) takeHeldCounts();
          }
          if (message.views.length) alertViews.push(message);
        } else receive(message);
      };
      // Counts held for a draw that a tab just hidden will not make: taken now.
      const heldWhileHidden = visibility?.onChange(() => {
        if (!visibility.isVisible()) takeHeldCounts();
      });
      this.engineCleanups.push(() => {
        heldWhileHidden?.();
        frames.dispose();
        alertViews.dispose();
        heldCounts = null;
      });
      await api.connect(host.tabId, Comlink.transfer(channel.port2, [channel.port2]), {
        ...tabOptions,
        acksFrames: true,
      });
      this.engineCleanups.push(() => channel.port1.close());
      this.watchEngine(api);
    }
    if (visibility) {
      this.engineCleanups.push(
        visibility.onChange(() => void api.setVisible(host.tabId, visibility.isVisible())),
      );
      // Shown or hidden while the engine took the connect (a new engine's worker starts for
      // a while): the engine has the tab as it was then, and sends a hidden tab no frame (TB5).
      // A tab that came into view then, after an engine loss, would show the loss and its old
      // values until it was hidden and shown again.
      const visible = visibility.isVisible();
      if (visible !== tabOptions.visible) void api.setVisible(host.tabId, visible);
    }
    return api;
  }

  /**
   * EL1: queues for the Web Lock the engine holds while it lives; granted, the engine has
   * ended. A worker's port says nothing when its worker dies, so only this tells.
   */
  private watchEngine(api: EngineApi): void {
    const locks = this.options.locks ?? globalThis.navigator?.locks;
    if (!locks || !this.options.reconnect) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    this.engineCleanups.push(() => {
      stopped = true;
      stop?.();
    });
    void api.engineLock().then(
      (name) => {
        if (name && !stopped) stop = whenEngineGone(locks, name, () => this.engineLost(name));
      },
      () => undefined,
    );
  }

  /**
   * EL2: the engine ended. What the tab shows is no longer kept alive: every value turns
   * uncertain and the header says so. A new engine starts and gets everything this tab
   * leases (keys, alert views and counts, feeds, live charts), then the values flow again.
   */
  private engineLost(lockName: string): void {
    const reconnect = this.options.reconnect;
    if (this.disposed || !reconnect) return;
    for (const cleanup of this.engineCleanups.splice(0)) cleanup();
    this.markLost();
    this.armLoss();
    this.host.engineLost();
    this.connection = reconnect(lockName);
    this.started = this.register().then(async (api) => {
      await this.host.leaseAgain(api);
      return api;
    });
  }

  private armLoss(): void {
    this.lost = new Promise<void>((resolve) => (this.markLost = resolve));
  }

  /** Resolves once the tab holds its lock, which it keeps until the page goes. */
  private holdTabLock(): Promise<void> {
    const locks = this.options.locks ?? globalThis.navigator?.locks;
    if (!locks) return Promise.resolve();
    return new Promise<void>((held) => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      this.cleanups.push(release);
      locks
        .request(tabLockName(this.host.tabId), () => {
          held();
          return released;
        })
        .catch(() => held());
    });
  }
}

function documentVisibility(): Visibility | undefined {
  if (typeof document === 'undefined') return undefined;
  return {
    isVisible: () => document.visibilityState === 'visible',
    onChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}
