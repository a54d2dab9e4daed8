/**
 * The engine's hub channels (workers/SPEC.md CH1, CH4, CH8, SS2-SS4, SE1, SE2, SI1, AL3): one
 * channel per hub, opened on first use; its state changes reach the status, a reconnect
 * restores every leased key before anyone is told, and hub messages are routed to the stores
 * and feeds that hold them. Engine.ts builds the parts and hands them in.
 */
import { HUB_MESSAGES, HUB_METHODS, type HubName } from '../src/contract/hubs.ts';
import { pvKey, stationKey } from '../src/contract/keys.ts';
import { alertBindingKey } from '../src/contract/alerts.ts';
import type { ConnectionStatus } from './engineProtocol.ts';
import { HubChannel, type ChannelStateChange } from './HubChannel.ts';
import { isUnauthorizedError } from './hubErrors.ts';
import type { HubTransportFactory } from './HubTransport.ts';
import type { PvConfigCache } from './PvConfigCache.ts';
import type { PvIngest } from './pvIngest.ts';
import { foreverRetryPolicy, type RetryPolicy } from './retryPolicy.ts';
import type { ServerStatusTracker } from './ServerStatusTracker.ts';
import type { StationStore } from './StationStore.ts';
import { listenToStationHub } from './stationMessages.ts';
import type { SubscriptionBatcher } from './SubscriptionBatcher.ts';
import type { SubscriptionRegistry } from './SubscriptionRegistry.ts';
import type { TabRegistry } from './tabRegistry.ts';
import type { Timers } from '../src/domain/timers.ts';
import type { KeyKind } from './topics.ts';
import * as check from './validate.ts';
import { ALERT_HUB_MESSAGES, type AlertFeed } from './alerts/AlertFeed.ts';
import type { ItemTopicStore } from './topics/ItemTopicStore.ts';

export interface EngineChannelsDeps {
  timers: Timers;
  transports: HubTransportFactory;
  policy?: RetryPolicy;
  closeGraceMs?: number;
  onError: (error: unknown) => void;
  status: ServerStatusTracker;
  tabs: TabRegistry;
  registry: SubscriptionRegistry;
  batcher: SubscriptionBatcher;
  items: ItemTopicStore;
  alerts: AlertFeed;
  ingest: PvIngest;
  configs: PvConfigCache;
  stations: StationStore;
  /** Marks `key` dirty in every tab that leases it (as `leasedAs`: stationTime, FR9). */
  changed: (kind: KeyKind, key: string, leasedAs?: KeyKind) => void;
}

export class EngineChannels {
  private readonly channels = new Map<HubName, HubChannel>();
  private readonly restoredListeners = new Set<(hub: HubName) => void>();

  constructor(private readonly deps: EngineChannelsDeps) {}

  /** The open channel of `hub`, if any (no channel is opened for it). */
  get(hub: HubName): HubChannel | undefined {
    return this.channels.get(hub);
  }

  /** CH1: the one channel of `hub`, made on first use. */
  channel(hub: HubName): HubChannel {
    let channel = this.channels.get(hub);
    if (channel) return channel;
    channel = new HubChannel(hub, this.deps.transports(hub), {
      timers: this.deps.timers,
      policy: this.deps.policy ?? foreverRetryPolicy,
      closeGraceMs: this.deps.closeGraceMs,
      onRetryAt: (hub, at) => this.deps.status.retryAt(hub, at),
    });
    this.channels.set(hub, channel);
    channel.onStateChange((change) => this.channelChanged(change));
    this.listen(channel);
    return channel;
  }

  /** Told after a channel (re)connected and every leased key was subscribed again. */
  onChannelRestored(listener: (hub: HubName) => void): () => void {
    this.restoredListeners.add(listener);
    return () => this.restoredListeners.delete(listener);
  }

  retryFaultedChannels(): void {
    for (const channel of this.channels.values()) channel.retryNow();
  }

  /** SPEC §2 "Session redirects": every tab goes to the logout address. */
  endSession(): void {
    this.deps.tabs.broadcast({ type: 'sessionEnded' });
  }

  private channelChanged(change: ChannelStateChange): void {
    if (change.error && isUnauthorizedError(change.error)) this.endSession();
    if (change.hub === 'serverStatus') this.deps.status.channelChanged(change.to);
    this.deps.status.hubChanged(change.hub, change.to);
    if (change.to === 'connected') void this.restore(change.hub);
  }

  /**
   * SPEC §4 reconnect: restart every faulted channel, subscribe every leased key again
   * in batches, then tell the listeners.
   */
  private async restore(hub: HubName): Promise<void> {
    const { items, batcher, alerts, tabs } = this.deps;
    this.retryFaultedChannels();
    const mark = items.mark();
    await batcher.resubscribeAll(hub);
    if (hub === 'serverStatus') await this.fetchServerStatus();
    if (hub === 'alert' && (await alerts.subscribe())) this.dropStaleAlertStates(mark);
    for (const listener of [...this.restoredListeners]) listener(hub);
    tabs.statusChanged();
  }

  /**
   * AL3: after a reconnect, a binding's alert state the server pushed nothing for since `mark`
   * (it pushes one only while something is pending) and of which the current list it just
   * answered holds no unacknowledged alert is gone: a mark from before (the alarm acknowledged
   * or deleted meanwhile) would stand on a leakage zone or station for good.
   */
  private dropStaleAlertStates(mark: number): void {
    const { alerts: feed, items, registry } = this.deps;
    const alerts = feed.liveAlerts();
    if (!alerts) return;
    const pending = new Set<string>();
    for (const a of alerts)
      if (a.state === 'pending' && a.source) pending.add(alertBindingKey(a.source));
    for (const key of registry.keysOf('alertState')) {
      if (pending.has(key) || items.pushedSince('alertState', key, mark)) continue;
      if (items.get('alertState', key)) items.put('alertState', key, null);
    }
  }

  private async fetchServerStatus(): Promise<void> {
    const channel = this.channels.get('serverStatus');
    try {
      const answer = await channel?.invoke(HUB_METHODS.serverStatus.getStatus);
      if (check.isServerStatusMessage(answer)) this.serverStatusReceived(answer.status);
      else this.deps.status.statusUnanswered();
    } catch (error) {
      this.deps.status.statusUnanswered();
      this.deps.onError(error);
    }
  }

  private serverStatusReceived(status: ConnectionStatus['serverStatus']): void {
    this.deps.status.serverSent(status);
    if (status === 'Unauthorized') this.endSession();
  }

  private listen(channel: HubChannel): void {
    const { status, timers, items, ingest, registry, configs, stations, tabs, alerts, changed } =
      this.deps;
    const on = (message: string, handler: (payload: unknown) => void) =>
      channel.on(message, (payload: unknown) => {
        status.dataReceived(timers.now());
        handler(payload);
      });
    items.attach(channel);
    switch (channel.hub) {
      case 'pv':
        on(HUB_MESSAGES.newValues, (payload) => ingest.batch(payload));
        on(HUB_MESSAGES.newValue, (payload) => ingest.one(payload));
        on(HUB_MESSAGES.newConfig, (payload) => {
          if (!check.isPvConfig(payload)) return;
          if (registry.has('pvConfig', pvKey(payload.pvRef))) configs.put(payload);
        });
        break;
      case 'station':
        listenToStationHub(on, {
          stations,
          leases: (nr) => registry.has('station', stationKey(nr)),
          changed: (key) => changed('station', key),
          timeChanged: (key) => changed('station', key, 'stationTime'),
        });
        break;
      case 'serverStatus':
        on(HUB_MESSAGES.serverStatusChanged, (payload) => {
          if (check.isServerStatusMessage(payload)) this.serverStatusReceived(payload.status);
        });
        on(HUB_MESSAGES.sendServerInfoMessage, (payload) => {
          if (typeof payload !== 'string' || payload.trim() === '') return;
          tabs.broadcast({ type: 'serverInfo', message: payload, at: timers.now() });
        });
        break;
      case 'alert':
        for (const message of ALERT_HUB_MESSAGES) {
          channel.on(message, (...args: unknown[]) => {
            status.dataReceived(timers.now());
            alerts.received(message, args);
          });
        }
        break;
      default:
        break;
    }
  }
}
