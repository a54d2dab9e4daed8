/** SPEC §7 noteUpdate and newMessage through the engine — rules NT1-NT4, TM1 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { NoteMessage, TextMessageMessage } from '../../../workers/engineProtocol.ts';
import { textMessageKey } from '../../../src/contract/actions.ts';
import { createHarness } from '../../support/engine/engineHarness.ts';

const SUB = HUB_METHODS.dashboard.subscribeToNotes;
const UNSUB = HUB_METHODS.dashboard.unsubscribeFromNotes;
const notesOf = (messages: { type: string }[]) =>
  messages.filter((m): m is NoteMessage => m.type === 'note').map((m) => m.note);

describe('dashboard notes', () => {
  it('NT1: a note leased by two tabs is subscribed once and each tab gets its updates', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    const c = await h.tab('c');
    await h.engine.leaseFeed('notes', 'a', [1]);
    await h.engine.leaseFeed('notes', 'b', [1, 2]);
    await h.timers.advance(200);
    const hub = h.hubs.hub('dashboard');
    expect(hub.starts).toBe(1);
    expect(hub.keysSent(SUB).sort()).toEqual(['note1', 'note2']);
    hub.emit('noteUpdate', { id: 1, note: 'Lager prüfen' });
    hub.emit('noteUpdate', { id: 2, note: 'Zweite' });
    hub.emit('noteUpdate', { id: 1, note: 42 }); // malformed: ignored
    expect(notesOf(a.messages)).toEqual([{ id: 1, note: 'Lager prüfen' }]);
    expect(notesOf(b.messages)).toEqual([
      { id: 1, note: 'Lager prüfen' },
      { id: 2, note: 'Zweite' },
    ]);
    expect(notesOf(c.messages)).toEqual([]);
  });

  it('NT2: the last release unsubscribes and lets the channel close', async () => {
    const h = createHarness({ channelCloseGraceMs: 5_000 });
    await h.tab('a');
    await h.tab('b');
    await h.engine.leaseFeed('notes', 'a', [1]);
    await h.engine.leaseFeed('notes', 'b', [1]);
    await h.timers.advance(200);
    const hub = h.hubs.hub('dashboard');
    await h.engine.releaseFeed('notes', 'a', [1]);
    await h.engine.releaseFeed('notes', 'a', [1]); // idempotent
    await h.timers.advance(10);
    expect(hub.keysSent(UNSUB)).toEqual([]);
    await h.engine.releaseFeed('notes', 'b', [1]);
    await h.timers.advance(10);
    expect(hub.keysSent(UNSUB)).toEqual(['note1']);
    await h.timers.advance(5_000);
    expect(hub.stops).toBe(1);
  });

  it('NT3: a tab that goes away releases its notes', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.leaseFeed('notes', 'a', [3]);
    await h.timers.advance(200);
    await h.engine.disconnect('a');
    await h.timers.advance(10);
    expect(h.hubs.hub('dashboard').keysSent(UNSUB)).toEqual(['note3']);
  });

  it('NT4: after a reconnect every leased note is subscribed again', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    await h.engine.leaseFeed('notes', 'a', [1, 2]);
    await h.timers.advance(200);
    const hub = h.hubs.hub('dashboard');
    await h.reconnect(hub);
    expect(hub.keysSent(SUB).sort()).toEqual(['note1', 'note2']);
    hub.emit('noteUpdate', { id: 2, note: 'nach Neustart' });
    expect(notesOf(a.messages)).toEqual([{ id: 2, note: 'nach Neustart' }]);
  });

  it('NT5: after a reconnect the notes are read again; changes made meanwhile reach the tabs', async () => {
    const stored = new Map([
      [1, 'Lager prüfen'],
      [2, 'Zweite'],
    ]);
    const reads: number[][] = [];
    let answer: (() => void) | null = null;
    const h = createHarness({
      fetchFeedItems: async (feed, ids) => {
        expect(feed).toBe('notes');
        reads.push(ids);
        // The answer is read now but arrives later (a push may overtake it).
        const items = ids.map((id) => ({ id, note: stored.get(id) }));
        await new Promise<void>((r) => (answer = r));
        return items;
      },
    });
    const a = await h.tab('a');
    await h.engine.leaseFeed('notes', 'a', [1, 2]);
    await h.timers.advance(200);
    expect(reads).toEqual([]); // the first connect follows the tab's own load
    const hub = h.hubs.hub('dashboard');
    hub.emit('noteUpdate', { id: 2, note: 'Zweite' });
    hub.drop();
    // Changed while the hub was down: no push reaches the engine.
    stored.set(1, 'Pumpe 2 getauscht');
    stored.set(2, 'Zweite, geändert');
    await h.timers.advance(10);
    hub.restore();
    await h.timers.advance(200);
    expect(reads).toEqual([[1, 2]]);
    // A newer push for note 2 arrives before the read's answer: it wins.
    hub.emit('noteUpdate', { id: 2, note: 'Zweite, neuer' });
    answer!();
    await h.timers.advance(10);
    expect(notesOf(a.messages)).toEqual([
      { id: 2, note: 'Zweite' },
      { id: 2, note: 'Zweite, neuer' },
      { id: 1, note: 'Pumpe 2 getauscht' },
    ]);
  });
});

describe('visualization text messages', () => {
  it('TM1: text messages use the same keyed feed on their own hub, apart from notes', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    await h.engine.leaseFeed('textMessages', 'a', [101]);
    await h.engine.leaseFeed('notes', 'b', [101]);
    await h.timers.advance(200);
    const hub = h.hubs.hub('visuTextMessage');
    expect(hub.keysSent(HUB_METHODS.visuTextMessage.subscribe)).toEqual([textMessageKey(101)]);
    hub.emit('newMessage', { id: 101, message: 'Wartung bis 16 Uhr' });
    hub.emit('newMessage', { id: 101, note: 'wrong shape' });
    const texts = (m: { type: string }[]) =>
      m.filter((x): x is TextMessageMessage => x.type === 'textMessage').map((x) => x.textMessage);
    expect(texts(a.messages)).toEqual([{ id: 101, message: 'Wartung bis 16 Uhr' }]);
    expect(texts(b.messages)).toEqual([]);
    expect(notesOf(b.messages)).toEqual([]);
    await h.engine.disconnect('a');
    await h.timers.advance(10);
    expect(hub.keysSent(HUB_METHODS.visuTextMessage.unsubscribe)).toEqual([textMessageKey(101)]);
  });
});
