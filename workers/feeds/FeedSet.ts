/**
 * The engine's keyed feeds (dashboard notes, text messages; SPEC §7 noteUpdate, newMessage),
 * each made on first use and wired to its hub channel: pushed items go to the tabs that
 * lease them, and a reconnect subscribes and reads them again.
 */
import type { HubChannel } from '../HubChannel.ts';
import type { HubName } from '../../src/contract/hubs.ts';
import type { TabMessage } from '../engineProtocol.ts';
import type { FeedItemsFetcher } from '../restClient.ts';
import { KeyedFeed } from './KeyedFeed.ts';
import { FEEDS, type FeedName } from './feeds.ts';

export interface FeedSetDeps {
  channel(hub: HubName): HubChannel;
  isConnected(hub: HubName): boolean;
  onChannelRestored(listener: (hub: HubName) => void): void;
  send(tabId: string, message: TabMessage): void;
  dataReceived(): void;
  onError(error: unknown): void;
  fetchFeedItems?: FeedItemsFetcher;
}

export class FeedSet {
  private readonly feeds = new Map<FeedName, KeyedFeed<{ id: number }>>();

  constructor(private readonly deps: FeedSetDeps) {}

  lease(name: FeedName, tabId: string, ids: number[]): void {
    this.feedOf(name).lease(tabId, ids);
  }

  release(name: FeedName, tabId: string, ids: number[]): void {
    this.feeds.get(name)?.release(tabId, ids);
  }

  dropTab(tabId: string): void {
    for (const feed of this.feeds.values()) feed.dropTab(tabId);
  }

  private feedOf(name: FeedName): KeyedFeed<{ id: number }> {
    const held = this.feeds.get(name);
    if (held) return held;
    const { deps } = this;
    const { hub, pushed, kind } = FEEDS[name];
    const fetch = deps.fetchFeedItems;
    const feed = new KeyedFeed(kind, {
      acquireChannel: () => deps.channel(hub).acquire(),
      isConnected: () => deps.isConnected(hub),
      invoke: async (method, ...args) => deps.channel(hub).invoke(method, ...args),
      send: deps.send,
      onError: deps.onError,
      ...(fetch ? { refetch: (ids: number[]) => fetch(name, ids) } : {}),
    });
    const channel = deps.channel(hub);
    channel.on(pushed, (payload: unknown) => {
      deps.dataReceived();
      feed.received(payload);
    });
    channel.onStateChange((change) => {
      if (change.to !== 'connected') feed.connectionLost();
    });
    deps.onChannelRestored((restored) => {
      if (restored === hub) feed.resubscribe();
    });
    this.feeds.set(name, feed);
    return feed;
  }
}
