/**
 * Server connection status (SPEC §4): WebServerDisconnected at start, ServerDisconnected
 * once the status channel connects, then what the server sends; WebServerDisconnected
 * again when the channel closes. From it and the browser's online flag comes the
 * displayed state: connected, notConnected, connecting, disconnecting or offline.
 *
 * Between the channel's connect and the server's first word on it (the answer of
 * GetServerStatus, or a status it pushes) the display stays connecting: the
 * ServerDisconnected of that moment is no finding, and shown as notConnected it named the
 * server's link as down on every page opened under load (e2e CD4, SS2b). An answer that
 * fails or is no status ends the wait: then the server has not said it is connected.
 */
import type { DisplayConnectionState, ServerStatus } from '../src/contract/enums.ts';
import type { HubName } from '../src/contract/hubs.ts';
import type { ConnectionStatus } from './engineProtocol.ts';
import type { ChannelState } from './HubChannel.ts';

export class ServerStatusTracker {
  private serverStatus: ServerStatus = 'WebServerDisconnected';
  private channel: ChannelState = 'idle';
  /** The status channel has connected or failed at least once (its first attempt is over). */
  private settled = false;
  /** The channel connected and the server has not yet said its status on it. */
  private awaitingStatus = false;
  private online = true;
  private lastDataAt: number | null = null;
  /** Data hubs that are down or coming back while the status hub may be up. */
  private readonly troubledHubs = new Set<HubName>();
  /** When each hub's next connection attempt starts (CH8). */
  private readonly retries = new Map<HubName, number>();
  private readonly onChange: () => void;

  /** `onChange` is called when the displayed state or the server status changes. */
  constructor(onChange: () => void) {
    this.onChange = onChange;
  }

  channelChanged(to: ChannelState): void {
    this.update(() => {
      this.channel = to;
      if (to === 'connected' || to === 'faulted' || to === 'reconnecting') this.settled = true;
      this.awaitingStatus = to === 'connected';
      if (to === 'connected') this.serverStatus = 'ServerDisconnected';
      else this.serverStatus = 'WebServerDisconnected';
    });
  }

  /** Any hub's state: a data hub that is down makes a connected display `connecting`. */
  hubChanged(hub: HubName, to: ChannelState): void {
    if (hub === 'serverStatus') return;
    this.update(() => {
      if (to === 'faulted' || to === 'reconnecting' || to === 'starting')
        this.troubledHubs.add(hub);
      else this.troubledHubs.delete(hub);
    });
  }

  /** A status the server sent; ignored unless the status channel is connected. */
  serverSent(status: ServerStatus): void {
    if (this.channel !== 'connected') return;
    this.update(() => {
      this.serverStatus = status;
      this.awaitingStatus = false;
    });
  }

  /** GetServerStatus failed or answered no status: the wait for the server's word ends. */
  statusUnanswered(): void {
    if (this.channel !== 'connected') return;
    this.update(() => {
      this.awaitingStatus = false;
    });
  }

  setOnline(online: boolean): void {
    this.update(() => {
      this.online = online;
    });
  }

  /** A hub's next connection attempt, for the countdown shown while reconnecting. */
  retryAt(hub: HubName, at: number | null): void {
    if (at === null) this.retries.delete(hub);
    else this.retries.set(hub, at);
    this.onChange();
  }

  /** Any hub message counts as data. */
  dataReceived(now: number): void {
    this.lastDataAt = now;
  }

  snapshot(): ConnectionStatus {
    return {
      display: this.display(),
      serverStatus: this.serverStatus,
      lastDataAt: this.lastDataAt,
      nextRetryAt: this.retries.size ? Math.min(...this.retries.values()) : null,
      firstStart: !this.settled,
    };
  }

  private display(): DisplayConnectionState {
    if (!this.online) return 'offline';
    switch (this.channel) {
      case 'faulted':
        // The web server could not be reached (or dropped us for good); retries run.
        return 'offline';
      case 'starting':
      case 'reconnecting':
        return 'connecting';
      case 'stopping':
        return 'disconnecting';
      case 'idle':
        // Before the first start no tab has leased the channel yet; one is about to.
        return this.settled ? 'notConnected' : 'connecting';
      case 'connected':
        if (this.troubledHubs.size > 0 || this.awaitingStatus) return 'connecting';
        return this.serverStatus === 'Connected' ? 'connected' : 'notConnected';
    }
  }

  private update(change: () => void): void {
    const before = this.snapshot();
    change();
    const after = this.snapshot();
    if (
      before.display !== after.display ||
      before.serverStatus !== after.serverStatus ||
      before.firstStart !== after.firstStart
    ) {
      this.onChange();
    }
  }
}
