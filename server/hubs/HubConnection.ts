/**
 * One client connection to one hub: handshake, incoming records, and the outgoing queue.
 * Everything sent in one I/O tick leaves as ONE frame; values sent with `coalesce` keep
 * only the latest item per key until that frame is written.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { SessionUser } from '../auth/service.ts';
import {
  HANDSHAKE_OK_FRAME,
  MESSAGE_TYPE,
  PING_FRAME,
  ProtocolError,
  RecordReader,
  frameInvocationRaw,
  frameMessage,
  jsonOf,
  parseHandshake,
  parseHubMessage,
  type IncomingHubMessage,
} from './protocol.ts';

export type TransportName = 'WebSockets' | 'ServerSentEvents';

/** The socket under a connection: a WebSocket or a Server-Sent Events response. */
export interface HubTransport {
  readonly name: TransportName;
  write(frame: string): void;
  /** Bytes written but not yet sent; frames are held back while this is high. */
  backlog(): number;
  end(): void;
}

export type ConnectionState = 'negotiated' | 'handshaking' | 'connected' | 'closed';

export interface CloseOptions {
  /** True tells the client to reconnect (server restart); false ends it for good. */
  allowReconnect: boolean;
  error?: string;
}

/** How a coalesced target is written: one invocation with an array, or one per key. */
export type CoalesceMode = 'batch' | 'each';

/** What the hub server provides to its connections. */
export interface ConnectionHost {
  now(): number;
  scheduleFlush(conn: HubConnection): void;
  /** Flush again after a short pause (the socket backlog is high). */
  flushLater(conn: HubConnection): void;
  dispatch(conn: HubConnection, message: IncomingHubMessage): void;
  handshakeDone(conn: HubConnection): void;
  closed(conn: HubConnection): void;
  /** A frame went out: messages per label, and the items of batched or per-key values. */
  sent(conn: HubConnection, counts: ReadonlyMap<string, number>, values: number): void;
  readonly maxMessageChars: number;
  readonly maxOutboxChars: number;
  readonly backlogHighWaterBytes: number;
}

/**
 * The latest unsent item of one key for one connection. KeyedSubscriptions keeps one slot
 * per (key, connection), so publishing costs no per-connection map lookup.
 */
export interface LatestSlot {
  item: unknown;
  queued: boolean;
  /** False once unsubscribed: a queued slot is then skipped. */
  live: boolean;
  /** Target it is queued under (set while queued). */
  target: string;
  /** The connection it belongs to (null for a connection's own `coalesce` slots). */
  readonly conn: HubConnection | null;
}

export function newSlot(conn: HubConnection | null = null): LatestSlot {
  return { item: undefined, queued: false, live: true, target: '', conn };
}

interface SlotQueue {
  mode: CoalesceMode;
  slots: LatestSlot[];
}

const SUPPORTED_PROTOCOL = 'json';
const SUPPORTED_PROTOCOL_VERSION = 1;

export class HubConnection {
  state: ConnectionState = 'negotiated';
  transport: HubTransport | null = null;
  readonly createdAt: number;
  openedAt = 0;
  lastReceivedAt = 0;
  lastSentAt = 0;
  /** True while an SSE POST for this connection is being read (a second one gets 409). */
  postInFlight = false;
  /** True while a WebSocket upgrade for this connection is under way (a second gets 409). */
  attaching = false;
  /** Credentials of the request that opened the transport, to re-check the session. */
  authHeaders: IncomingHttpHeaders = {};
  lastSessionCheckAt = 0;

  private readonly reader = new RecordReader();
  private outbox: string[] = [];
  private outboxChars = 0;
  private readonly counts = new Map<string, number>();
  /** Coalesced items (values) written since the last frame, for pegel_hub_values_sent_total. */
  private valuesSent = 0;
  /** Queued latest items per target, in the order their keys first changed. */
  private readonly queues = new Map<string, SlotQueue>();
  private queuedSlots = 0;
  /** The queue last appended to: a tick of values goes to one target, skip its map lookup. */
  private lastQueue: SlotQueue | null = null;
  private lastQueueTarget = '';
  /** Slots of `coalesce` calls made without a subscription, by target and key. */
  private readonly ownSlots = new Map<string, LatestSlot>();
  private flushPending = false;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    /** Public connection id (HubConnection.connectionId on the client). */
    readonly id: string,
    /** Secret token the client puts in `?id=` (negotiate v1); equals `id` for v0. */
    readonly token: string,
    readonly hubName: string,
    readonly user: SessionUser,
    private readonly host: ConnectionHost,
  ) {
    this.createdAt = host.now();
  }

  get isOpen(): boolean {
    return this.state === 'connected';
  }

  attach(transport: HubTransport, authHeaders: IncomingHttpHeaders = {}): void {
    this.transport = transport;
    this.authHeaders = authHeaders;
    this.state = 'handshaking';
    this.openedAt =
      this.lastReceivedAt =
      this.lastSentAt =
      this.lastSessionCheckAt =
        this.host.now();
  }

  /** Called once, when the connection ends for whatever reason. */
  onClose(listener: () => void): void {
    if (this.state === 'closed') listener();
    else this.closeListeners.push(listener);
  }

  /** A server-to-client invocation (fire-and-forget, like the client's `send`). */
  send(target: string, ...args: unknown[]): void {
    if (this.state !== 'connected') return;
    this.enqueue(frameInvocationRaw(target, `[${args.map(jsonOf).join(',')}]`), target);
  }

  /**
   * Queues `item` under `key` for `target`; a later item for the same key replaces it until
   * the next frame. Mode 'batch' writes `target([item, …])`, mode 'each' writes
   * `target(item)` per key. An item may be a RawJson (serialised once for all connections).
   */
  coalesce(target: string, key: string, item: unknown, mode: CoalesceMode = 'batch'): void {
    const slotKey = `${target}\u0000${key}`;
    let slot = this.ownSlots.get(slotKey);
    if (!slot) {
      slot = newSlot();
      this.ownSlots.set(slotKey, slot);
    }
    this.queueLatest(target, mode, slot, item);
  }

  /** The hot path of `coalesce`: the caller owns the slot of the key. */
  queueLatest(target: string, mode: CoalesceMode, slot: LatestSlot, item: unknown): void {
    if (this.state !== 'connected') return;
    if (slot.queued) {
      if (slot.target === target) {
        slot.item = item;
        return;
      }
      // NOTE: a slot serves one target; another target for the same key goes out as is.
      const json = jsonOf(item);
      this.enqueue(
        frameInvocationRaw(target, mode === 'batch' ? `[[${json}]]` : `[${json}]`),
        target,
      );
      return;
    }
    slot.item = item;
    slot.queued = true;
    slot.target = target;
    let queue = this.lastQueueTarget === target ? this.lastQueue : this.queues.get(target);
    if (!queue) {
      queue = { mode, slots: [] };
      this.queues.set(target, queue);
    }
    this.lastQueue = queue;
    this.lastQueueTarget = target;
    queue.slots.push(slot);
    this.queuedSlots++;
    this.requestFlush();
  }

  complete(invocationId: string, outcome: { result?: unknown; error?: string }): void {
    if (this.state !== 'connected') return;
    const message: Record<string, unknown> = { type: MESSAGE_TYPE.completion, invocationId };
    if (outcome.error !== undefined) message.error = outcome.error;
    else if (outcome.result !== undefined) message.result = outcome.result;
    this.enqueue(frameMessage(message), 'completion');
  }

  /** Sends Close and ends the socket. Everything queued before is written first. */
  close(options: CloseOptions): void {
    if (this.state === 'closed') return;
    if (this.state === 'connected') {
      const message: Record<string, unknown> = { type: MESSAGE_TYPE.close };
      if (options.error !== undefined) message.error = options.error;
      if (options.allowReconnect) message.allowReconnect = true;
      this.enqueue(frameMessage(message), 'close');
      this.flush(true);
    }
    this.abort();
  }

  /** Ends the socket without a Close message (timeouts: the client reconnects). */
  abort(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    const transport = this.transport;
    this.outbox = [];
    this.dropQueues();
    transport?.end();
    this.host.closed(this);
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  /** The socket went away (peer closed, network error). */
  transportClosed(): void {
    this.abort();
  }

  receive(text: string): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = this.host.now();
    const records = this.reader.push(text);
    if (this.reader.pendingChars > this.host.maxMessageChars) {
      this.failProtocol('Message too large.');
      return;
    }
    for (const record of records) {
      if (this.state === 'handshaking') {
        this.handshake(record);
        continue;
      }
      if (this.state !== 'connected') return;
      let message: IncomingHubMessage;
      try {
        message = parseHubMessage(record);
      } catch (err) {
        this.failProtocol(err instanceof ProtocolError ? err.message : 'Invalid message.');
        return;
      }
      this.host.dispatch(this, message);
    }
  }

  /** Writes everything queued as one frame. `force` ignores the socket backlog (close). */
  flush(force = false): void {
    this.flushPending = false;
    const transport = this.transport;
    if (!transport || (this.state !== 'connected' && !force)) return;
    if (this.outbox.length === 0 && this.queuedSlots === 0) return;
    if (!force && transport.backlog() > this.host.backlogHighWaterBytes) {
      // NOTE: a slow client: keep coalescing (latest value wins) and try again later.
      this.flushPending = true;
      this.host.flushLater(this);
      return;
    }
    let text = this.outbox.length === 1 ? this.outbox[0]! : this.outbox.join('');
    if (this.queuedSlots > 0) text += this.takeQueued();
    this.outbox = [];
    this.outboxChars = 0;
    // Every queued slot may have been unsubscribed meanwhile: then there is nothing to send.
    if (text === '') return;
    this.lastSentAt = this.host.now();
    transport.write(text);
    this.host.sent(this, this.counts, this.valuesSent);
    this.counts.clear();
    this.valuesSent = 0;
  }

  private takeQueued(): string {
    let text = '';
    for (const [target, queue] of this.queues) {
      const { slots } = queue;
      if (slots.length === 0) continue;
      if (queue.mode === 'batch') {
        // Appended one by one: cheaper than an array of parts and a join for 25,000 values.
        let items = '';
        let n = 0;
        for (let i = 0; i < slots.length; i++) {
          const slot = slots[i]!;
          if (slot.live) {
            items += n === 0 ? jsonOf(slot.item) : `,${jsonOf(slot.item)}`;
            n++;
          }
          slot.queued = false;
          slot.item = undefined;
        }
        if (n > 0) {
          text += frameInvocationRaw(target, `[[${items}]]`);
          this.count(target, 1);
          this.valuesSent += n;
        }
      } else {
        let n = 0;
        for (const slot of slots) {
          if (slot.live) {
            text += frameInvocationRaw(target, `[${jsonOf(slot.item)}]`);
            n++;
          }
          slot.queued = false;
          slot.item = undefined;
        }
        if (n > 0) this.count(target, n);
        this.valuesSent += n;
      }
      // Keep the array: the next tick refills it without growing from scratch.
      slots.length = 0;
    }
    this.queuedSlots = 0;
    return text;
  }

  private dropQueues(): void {
    for (const queue of this.queues.values()) {
      for (const slot of queue.slots) slot.queued = false;
    }
    this.queues.clear();
    this.lastQueue = null;
    this.lastQueueTarget = '';
    this.ownSlots.clear();
    this.queuedSlots = 0;
  }

  private requestFlush(): void {
    if (this.flushPending) return;
    this.flushPending = true;
    this.host.scheduleFlush(this);
  }

  /** Sends a Ping when nothing went out for a while. */
  ping(): void {
    if (this.state !== 'connected') return;
    this.enqueue(PING_FRAME, 'ping');
    this.flush(true);
  }

  private enqueue(frame: string, label: string): void {
    this.outbox.push(frame);
    this.outboxChars += frame.length;
    this.count(label, 1);
    if (this.outboxChars > this.host.maxOutboxChars) {
      // NOTE: the client reads slower than we produce; drop it and let it reconnect fresh.
      this.outbox = [];
      this.outboxChars = 0;
      this.dropQueues();
      this.close({ allowReconnect: true, error: 'Client too slow: outgoing queue overflowed.' });
      return;
    }
    this.requestFlush();
  }

  private count(label: string, n: number): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + n);
  }

  private handshake(record: string): void {
    let error: string | null = null;
    try {
      const request = parseHandshake(record);
      if (request.protocol !== SUPPORTED_PROTOCOL) {
        error = `The protocol '${request.protocol}' is not supported.`;
      } else if (request.version !== SUPPORTED_PROTOCOL_VERSION) {
        error = `The server does not support version ${request.version} of the '${request.protocol}' protocol.`;
      }
    } catch (err) {
      error = err instanceof ProtocolError ? err.message : 'Invalid handshake request.';
    }
    const transport = this.transport!;
    if (error !== null) {
      transport.write(frameMessage({ error }));
      this.abort();
      return;
    }
    this.state = 'connected';
    this.lastSentAt = this.host.now();
    // NOTE: the handshake response must be the first thing the client sees, alone.
    transport.write(HANDSHAKE_OK_FRAME);
    this.host.handshakeDone(this);
  }

  private failProtocol(error: string): void {
    if (this.state === 'handshaking') {
      this.transport?.write(frameMessage({ error }));
      this.abort();
      return;
    }
    this.close({ allowReconnect: false, error: `Connection closed with an error. ${error}` });
  }
}
