/** The keyed feeds of the engine: which hub, which pushed message, which tab message. */
import { noteKey, type DashboardNote } from '../../src/contract/dashboard.ts';
import { textMessageKey, type TextMessage } from '../../src/contract/actions.ts';
import { HUB_MESSAGES, HUB_METHODS, type HubName } from '../../src/contract/hubs.ts';
import { hasIdAndText, type KeyedFeedKind } from './KeyedFeed.ts';

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
