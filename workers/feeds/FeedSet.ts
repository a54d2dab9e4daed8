/**
 * The engine's keyed feeds (dashboard notes, text messages; SPEC §7 noteUpdate, newMessage),
 * each made on first use and wired to its hub channel: pushed items go to the tabs that
 * lease them, and a reconnect subscribes and reads them again. Their code is fetched with
 * the first lease: few tabs show notes or text messages, and the worker's start stays small.
 */
import type { HubChannel } from '../HubChannel.ts';
import type { HubName } from '../../src/contract/hubs.ts';
import type { TabMessage } from '../engineProtocol.ts';
import type { FeedItemsFetcher } from '../restClient.ts';
import type { KeyedFeed } from './KeyedFeed.ts';
import type { FeedName } from './feeds.ts';

type Feed = KeyedFeed<{ id: number }>;

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
  private readonly feeds = new Map<FeedName, Feed>();
  private readonly making = new Map<FeedName, Promise<Feed>>();

  constructor(private readonly deps: FeedSetDeps) {}

  async lease(name: FeedName, tabId: string, ids: number[]): Promise<void> {
    (this.feeds.get(name) ?? (await this.feedOf(name))).lease(tabId, ids);
  }

  async release(name: FeedName, tabId: string, ids: number[]): Promise<void> {
    // A release during the first load runs after the lease that started it.
    const feed = this.feeds.get(name) ?? (await this.making.get(name));
    feed?.release(tabId, ids);
  }

  dropTab(tabId: string): void {
    for (const feed of this.feeds.values()) feed.dropTab(tabId);
    for (const [name, making] of this.making)
      if (!this.feeds.has(name))
        void making.then((feed) => feed.dropTab(tabId)).catch(() => undefined);
  }

  private feedOf(name: FeedName): Promise<Feed> {
    let making = this.making.get(name);
    if (!making) {
      making = import('./feeds.ts').then(({ makeFeed }) => {
        const feed = makeFeed(name, this.deps);
        this.feeds.set(name, feed);
        return feed;
      });
      // A failed fetch is tried again by the next lease.
      making.catch(() => this.making.delete(name));
      this.making.set(name, making);
    }
    return making;
  }
}
