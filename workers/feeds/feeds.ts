/**
 * The keyed feeds of the engine: which hub, which pushed message, which tab message; and each
 * feed made on first use, wired to its channel (fetched with the first lease, `FeedSet.ts`).
 */
import { noteKey, type DashboardNote } from '../../src/contract/dashboard.ts';
import { textMessageKey, type TextMessage } from '../../src/contract/actions.ts';
import { HUB_MESSAGES, HUB_METHODS, type HubName } from '../../src/contract/hubs.ts';
import type { FeedSetDeps } from './FeedSet.ts';
import { hasIdAndText, KeyedFeed, type KeyedFeedKind } from './KeyedFeed.ts';

export type FeedName = 'notes' | 'textMessages';

interface FeedSpec<T extends { id: number }> {
  hub: HubName;
  /** The hub message that pushes one item. */
  pushed: string;
  kind: KeyedFeedKind<T>;
}

const notes: FeedSpec<DashboardNote> = {
  hub: 'dashboard',
  pushed: HUB_MESSAGES.noteUpdate,
  kind: {
    subscribe: HUB_METHODS.dashboard.subscribeToNotes,
    unsubscribe: HUB_METHODS.dashboard.unsubscribeFromNotes,
    keyOf: noteKey,
    is: (value): value is DashboardNote => hasIdAndText(value, 'note'),
    message: (note) => ({ type: 'note', note }),
  },
};

const textMessages: FeedSpec<TextMessage> = {
  hub: 'visuTextMessage',
  pushed: HUB_MESSAGES.newMessage,
  kind: {
    subscribe: HUB_METHODS.visuTextMessage.subscribe,
    unsubscribe: HUB_METHODS.visuTextMessage.unsubscribe,
    keyOf: textMessageKey,
    is: (value): value is TextMessage => hasIdAndText(value, 'message'),
    message: (textMessage) => ({ type: 'textMessage', textMessage }),
  },
};

export const FEEDS: Record<FeedName, FeedSpec<{ id: number }>> = {
  notes: notes as unknown as FeedSpec<{ id: number }>,
  textMessages: textMessages as unknown as FeedSpec<{ id: number }>,
};

/**
 * A feed wired to its hub channel: pushed items go to the tabs that lease them, a lost
 * connection and a reconnect are handed on (subscribe and read again).
 */
export function makeFeed(name: FeedName, deps: FeedSetDeps): KeyedFeed<{ id: number }> {
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
  return feed;
}
