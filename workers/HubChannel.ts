/**
 * One hub connection shared by leases (SPEC §4 "Live channels are shared by leases"):
 * the first lease opens it, the last closes it after a grace period, a close with an
 * error while leased makes it faulted, and a faulted channel restarts by itself.
 */
import type { HubName } from '../src/contract/hubs.ts';
import { hubErrors } from './hubErrors.ts';
import type { HubMessageHandler, HubTransport } from './HubTransport.ts';
import type { RetryPolicy } from './retryPolicy.ts';
import { delay, type TimerHandle, type Timers } from '../src/domain/timers.ts';
import { toError } from './errors.ts';

export type ChannelState =
  'idle' | 'starting' | 'connected' | 'reconnecting' | 'faulted' | 'stopping';

export interface ChannelStateChange {
  hub: HubName;
  from: ChannelState;
  to: ChannelState;
  /** Why the channel left `connected` or failed to start, when it did. */
  error?: Error;
}

/** A view that re-mounts within this time keeps the connection. */
export const CHANNEL_CLOSE_GRACE_MS = 5_000;
/** SPEC §9 "Connection wait": up to 10 checks, 50 ms times the attempt number apart. */
export const CONNECTION_WAIT_ATTEMPTS = 10;
export const CONNECTION_WAIT_STEP_MS = 50;

export interface HubChannelOptions {
  timers: Timers;
  policy: RetryPolicy;
  closeGraceMs?: number;
  /** CH8: when the next connection attempt starts (epoch ms), or null when none waits. */
  onRetryAt?: (hub: HubName, at: number | null) => void;
}

export class HubChannel {
  readonly hub: HubName;
  private readonly transport: HubTransport;
  private readonly timers: Timers;
  private readonly policy: RetryPolicy;
  private readonly closeGraceMs: number;
  private current: ChannelState = 'idle';
  private leases = 0;
  private failedStarts = 0;
  private graceTimer: TimerHandle | null = null;
  private restartTimer: TimerHandle | null = null;
  private readonly listeners = new Set<(change: ChannelStateChange) => void>();
  private readonly onRetryAt: HubChannelOptions['onRetryAt'];
  private retryAt: number | null = null;

  constructor(hub: HubName, transport: HubTransport, options: HubChannelOptions) {
    this.hub = hub;
    this.transport = transport;
    this.timers = options.timers;
    this.policy = options.policy;
    this.closeGraceMs = options.closeGraceMs ?? CHANNEL_CLOSE_GRACE_MS;
    this.onRetryAt = options.onRetryAt;
    transport.onRetryScheduled?.((delayMs) => this.setRetryAt(this.timers.now() + delayMs));
    transport.onReconnecting((error) => this.setState('reconnecting', error));
    transport.onReconnected(() => this.setState('connected'));
    transport.onClose((error) => this.closed(error));
  }

  get state(): ChannelState {
    return this.current;
  }

  get leaseCount(): number {
    return this.leases;
  }

  onStateChange(listener: (change: ChannelStateChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on(message: string, handler: HubMessageHandler): void {
    this.transport.on(message, handler);
  }

  /** Takes a lease; the returned release is idempotent. */
  acquire(): () => void {
    this.leases++;
    if (this.graceTimer !== null) {
      this.timers.clearTimeout(this.graceTimer);
      this.graceTimer = null;
    }
    if (this.current === 'idle') void this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leases--;
      if (this.leases === 0) this.scheduleClose();
    };
  }

  /** Restarts a faulted channel now instead of at its next retry (SPEC §4 reconnect:
   * once one channel is back, every faulted one restarts). */
  retryNow(): void {
    if (this.current !== 'faulted' || this.leases === 0) return;
    if (this.restartTimer !== null) {
      this.timers.clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
    void this.start();
  }

  /**
   * Invokes a hub method once connected. SPEC §4: a faulted channel used outside
   * reconnect raises 'disconnected'; a starting one is waited for (connection wait).
   */
  async invoke(method: string, ...args: unknown[]): Promise<unknown> {
    if (this.current === 'faulted') throw hubErrors.disconnected();
    // NOTE: within the close grace period an unleased channel still takes calls (unsubscribes).
    if (this.current === 'idle') throw hubErrors.acquireFailed(this.hub);
    await this.waitConnected();
    return this.transport.invoke(method, ...args);
  }

  /** SPEC §4: after start, up to 10 checks 50 ms × attempt apart wait for `connected`. */
  async waitConnected(): Promise<void> {
    for (let attempt = 1; attempt <= CONNECTION_WAIT_ATTEMPTS; attempt++) {
      if (this.current === 'connected') return;
      await delay(this.timers, CONNECTION_WAIT_STEP_MS * attempt);
    }
    if (this.current !== 'connected') throw hubErrors.connectFailed(this.hub);
  }

  private setRetryAt(at: number | null): void {
    if (at === this.retryAt) return;
    this.retryAt = at;
    this.onRetryAt?.(this.hub, at);
  }

  private setState(to: ChannelState, error?: Error): void {
    const from = this.current;
    if (from === to) return;
    this.current = to;
    if (to !== 'faulted' && to !== 'reconnecting') this.setRetryAt(null);
    const change: ChannelStateChange = error
      ? { hub: this.hub, from, to, error }
      : { hub: this.hub, from, to };
    for (const listener of [...this.listeners]) listener(change);
  }

  private async start(): Promise<void> {
    this.setState('starting');
    try {
      await this.transport.start();
    } catch (error) {
      if (this.current === 'starting') this.fault(toError(error));
      return;
    }
    // NOTE: a stop during start wins; stop() restarts if a lease came back meanwhile.
    if (this.current !== 'starting') return;
    this.failedStarts = 0;
    this.setState('connected');
    // Released while starting: the grace timer is already running and closes it.
  }

  private fault(error: Error): void {
    this.setState('faulted', error);
    if (this.leases === 0) {
      this.setState('idle');
      return;
    }
    const wait = this.policy.nextRetryDelayMs(this.failedStarts++);
    if (wait === null) return;
    this.setRetryAt(this.timers.now() + wait);
    this.restartTimer = this.timers.setTimeout(() => {
      this.restartTimer = null;
      if (this.current !== 'faulted') return;
      if (this.leases > 0) void this.start();
      else this.setState('idle');
    }, wait);
  }

  private closed(error?: Error): void {
    if (this.current === 'stopping' || this.current === 'idle') return;
    if (this.leases === 0) {
      this.setState('idle');
      return;
    }
    // Retries given up (`onclose(undefined)`) counts as a fault too: someone needs the channel.
    this.fault(error ?? hubErrors.disconnected());
  }

  private scheduleClose(): void {
    this.graceTimer = this.timers.setTimeout(() => {
      this.graceTimer = null;
      if (this.leases === 0) void this.stop();
    }, this.closeGraceMs);
  }

  private async stop(): Promise<void> {
    if (this.restartTimer !== null) {
      this.timers.clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
    if (this.current === 'idle' || this.current === 'faulted') {
      this.setState('idle');
      return;
    }
    this.setState('stopping');
    try {
      await this.transport.stop();
    } catch {
      // A failed stop leaves nothing to clean up: the connection is gone either way.
    }
    this.setState('idle');
    if (this.leases > 0) void this.start();
  }
}
