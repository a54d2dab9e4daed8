/**
 * The SignalR server for all hubs on one HTTP server (SIGNALR.md): the hub registry, the
 * open connections, keep-alive pings, client and handshake timeouts, session re-checks,
 * one flush per tick, and dispatch of invocations to hub methods. The HTTP endpoints
 * (negotiate, WebSocket upgrade, Server-Sent Events) are in HubEndpoints.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthService, SessionUser } from '../auth/service.ts';
import type { MetricsRegistry } from '../http/metrics.ts';
import { HubError } from './hubArgs.ts';
import type { CloseOptions, ConnectionHost, HubConnection } from './HubConnection.ts';
import { HubEndpoints, type EndpointHost } from './HubEndpoints.ts';
import { HubMetrics } from './HubMetrics.ts';
import { FlagSubscriptions, KeyedSubscriptions } from './KeyedSubscriptions.ts';
import type { IncomingHubMessage, InvocationMessage } from './protocol.ts';
import { createRealTimers, type TimerHandle, type Timers } from '../../src/domain/timers.ts';

export type HubMethod = (conn: HubConnection, ...args: unknown[]) => unknown;

export interface HubDefinition {
  /** Short name, used as the metrics label (`pv`, `station`, …). */
  name: string;
  /** URL path, e.g. `/hubs/pv`. */
  path: string;
  /** Methods the client may invoke; names are matched case-insensitively, like ASP.NET. */
  methods: Record<string, HubMethod>;
  onConnect?(conn: HubConnection): void;
  onDisconnect?(conn: HubConnection): void;
  /** The user's session ended; the connection is closed right after (without reconnect). */
  onSessionEnded?(conn: HubConnection): void;
}

export interface HubServerOptions {
  /** A Ping goes out when nothing was sent for this long (ASP.NET KeepAliveInterval). */
  keepAliveIntervalMs?: number;
  /** A connection that sent nothing for this long is dropped (ASP.NET ClientTimeoutInterval). */
  clientTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** A negotiated id that never gets a transport is forgotten after this long. */
  negotiateTimeoutMs?: number;
  /** Largest incoming message (WebSocket frame or record). */
  maxMessageBytes?: number;
  /** Queued outgoing text above which a client counts as too slow and is dropped. */
  maxOutboxChars?: number;
  /** Socket backlog above which frames are held back (values keep coalescing meanwhile). */
  backlogHighWaterBytes?: number;
  /** How long closeAll waits for WebSockets to finish their close handshake. */
  closeGraceMs?: number;
  /**
   * How often an open connection's session is checked again (AuthService.userOf with the
   * credentials it connected with); a connection whose session ended is closed.
   */
  sessionCheckIntervalMs?: number;
  timers?: Timers;
}

const DEFAULTS = {
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiateTimeoutMs: 30_000,
  maxMessageBytes: 4 * 1024 * 1024,
  maxOutboxChars: 64 * 1024 * 1024,
  backlogHighWaterBytes: 4 * 1024 * 1024,
  closeGraceMs: 1_000,
  sessionCheckIntervalMs: 30_000,
} satisfies Required<Omit<HubServerOptions, 'timers'>>;

const BACKLOG_RETRY_MS = 20;
/** The hub server's sweeps and retries do not keep the process alive. */
const hubTimers = createRealTimers({ unref: true });
/** No hub method takes more; a spread of a huge list would only burn the stack. */
const MAX_ARGUMENTS = 64;
export const SESSION_ENDED_ERROR = 'Unauthorized: the session has ended.';

interface RegisteredHub extends HubDefinition {
  lookup: Map<string, HubMethod>;
  open: Set<HubConnection>;
  keyed: KeyedSubscriptions<string | number>[];
  flags: FlagSubscriptions[];
}

export class HubServer implements ConnectionHost, EndpointHost {
  readonly maxMessageChars: number;
  readonly maxOutboxChars: number;
  readonly backlogHighWaterBytes: number;

  private readonly options: Required<Omit<HubServerOptions, 'timers'>>;
  readonly timers: Timers;
  private readonly hubs = new Map<string, RegisteredHub>();
  private readonly byPath = new Map<string, RegisteredHub>();
  /** Subscriptions per hub name; they may be created before their hub is added. */
  private readonly tracked = new Map<
    string,
    { keyed: KeyedSubscriptions<string | number>[]; flags: FlagSubscriptions[] }
  >();
  private readonly byToken = new Map<string, HubConnection>();
  private readonly dirty = new Set<HubConnection>();
  private readonly slow = new Set<HubConnection>();
  private flushScheduled = false;
  private slowTimer: TimerHandle | null = null;
  private readonly sweepTimer: TimerHandle;
  private readonly endpoints: HubEndpoints;
  readonly closeGraceMs: number;
  private readonly metrics: HubMetrics | null;
  readonly log: FastifyBaseLogger;

  constructor(
    app: FastifyInstance,
    private readonly auth: AuthService,
    options: HubServerOptions = {},
    registry?: MetricsRegistry,
  ) {
    const { timers, ...rest } = options;
    this.options = { ...DEFAULTS, ...rest };
    this.timers = timers ?? hubTimers;
    this.maxMessageChars = this.options.maxMessageBytes;
    this.maxOutboxChars = this.options.maxOutboxChars;
    this.backlogHighWaterBytes = this.options.backlogHighWaterBytes;
    this.log = app.log;
    this.metrics = registry ? new HubMetrics(registry, () => this.hubs.values()) : null;
    this.closeGraceMs = this.options.closeGraceMs;
    this.endpoints = new HubEndpoints(app, this, this, this.options.maxMessageBytes);
    const o = this.options;
    const sweepMs = Math.max(
      5,
      Math.min(
        o.keepAliveIntervalMs,
        o.clientTimeoutMs,
        o.handshakeTimeoutMs,
        o.sessionCheckIntervalMs,
      ) / 4,
    );
    this.sweepTimer = this.timers.setInterval(() => this.sweep(), sweepMs);
  }

  now(): number {
    return this.timers.now();
  }

  /** Registers a hub: its negotiate, SSE and POST routes and its WebSocket path. */
  addHub(definition: HubDefinition): void {
    if (this.hubs.has(definition.name) || this.byPath.has(definition.path)) {
      throw new Error(`Hub ${definition.name} (${definition.path}) registered twice`);
    }
    const lookup = new Map<string, HubMethod>();
    for (const [name, method] of Object.entries(definition.methods)) {
      lookup.set(name.toLowerCase(), method);
    }
    const hub: RegisteredHub = {
      ...definition,
      lookup,
      open: new Set(),
      ...this.track(definition.name),
    };
    this.hubs.set(hub.name, hub);
    this.byPath.set(hub.path, hub);
    this.endpoints.addRoutes(hub);
  }

  /** Per-key subscriptions of a hub, counted in pegel_hub_subscribed_keys. */
  keyedSubscriptions<K extends string | number = string>(
    hubName: string,
    kind: string,
  ): KeyedSubscriptions<K> {
    const subscriptions = new KeyedSubscriptions<K>(hubName, kind);
    this.track(hubName).keyed.push(subscriptions);
    return subscriptions;
  }

  flagSubscriptions(hubName: string, kind: string): FlagSubscriptions {
    const subscriptions = new FlagSubscriptions(hubName, kind);
    this.track(hubName).flags.push(subscriptions);
    return subscriptions;
  }

  /** Every hub with the methods a client may invoke, as registered (the hostile suite). */
  methodTable(): { name: string; path: string; methods: string[] }[] {
    return [...this.hubs.values()].map((hub) => ({
      name: hub.name,
      path: hub.path,
      methods: Object.keys(hub.methods),
    }));
  }

  /** Open (handshaken) connections of a hub. */
  connections(hubName: string): ReadonlySet<HubConnection> {
    return this.hub(hubName).open;
  }

  connectionCount(hubName?: string): number {
    if (hubName !== undefined) return this.hub(hubName).open.size;
    let n = 0;
    for (const hub of this.hubs.values()) n += hub.open.size;
    return n;
  }

  subscribedKeyCount(hubName: string): number {
    let n = 0;
    for (const s of this.hub(hubName).keyed) n += s.keyCount;
    return n;
  }

  /** Sends `target(...args)` to every open connection of a hub. */
  broadcast(hubName: string, target: string, ...args: unknown[]): void {
    for (const conn of this.hub(hubName).open) conn.send(target, ...args);
  }

  /**
   * Closes every connection: with allowReconnect the clients reconnect (server restart),
   * without they stay disconnected. Resolves when the sockets are gone.
   */
  async closeAll(options: CloseOptions): Promise<void> {
    for (const conn of [...this.byToken.values()]) conn.close(options);
    await this.endpoints.waitForSockets();
  }

  /** Closes all connections (allowReconnect) and stops listening for upgrades. */
  async close(): Promise<void> {
    this.timers.clearInterval(this.sweepTimer);
    if (this.slowTimer !== null) this.timers.clearTimeout(this.slowTimer);
    await this.closeAll({ allowReconnect: true });
    this.endpoints.close();
  }

  // ConnectionHost ---------------------------------------------------------------------

  scheduleFlush(conn: HubConnection): void {
    this.dirty.add(conn);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // One flush per I/O tick: not a delay, so not on the injected timers.
    setImmediate(this.flushAll);
  }

  flushLater(conn: HubConnection): void {
    this.slow.add(conn);
    if (this.slowTimer !== null) return;
    this.slowTimer = this.timers.setTimeout(() => {
      this.slowTimer = null;
      const list = [...this.slow];
      this.slow.clear();
      for (const c of list) c.flush();
    }, BACKLOG_RETRY_MS);
  }

  handshakeDone(conn: HubConnection): void {
    const hub = this.hub(conn.hubName);
    hub.open.add(conn);
    try {
      hub.onConnect?.(conn);
    } catch (err) {
      this.log.error({ err, hub: hub.name }, 'hub onConnect failed');
    }
  }

  closed(conn: HubConnection): void {
    this.byToken.delete(conn.token);
    this.dirty.delete(conn);
    this.slow.delete(conn);
    const hub = this.hub(conn.hubName);
    if (!hub.open.delete(conn)) return;
    try {
      hub.onDisconnect?.(conn);
    } catch (err) {
      this.log.error({ err, hub: hub.name }, 'hub onDisconnect failed');
    }
  }

  sent(conn: HubConnection, counts: ReadonlyMap<string, number>, values: number): void {
    this.metrics?.sent(conn.hubName, counts, values);
  }

  dispatch(conn: HubConnection, message: IncomingHubMessage): void {
    switch (message.type) {
      case 1:
        this.invoke(conn, message);
        return;
      case 4:
        conn.complete(message.invocationId, {
          error: 'Streaming invocations are not supported by this server.',
        });
        return;
      case 5:
        conn.complete(message.invocationId, {
          error: 'Stream cancellation is not supported by this server.',
        });
        return;
      case 7:
        // The client says goodbye (stop()); it closes the socket itself.
        conn.abort();
        return;
      default:
        return;
    }
  }

  // Internals --------------------------------------------------------------------------

  private readonly flushAll = (): void => {
    this.flushScheduled = false;
    const list = [...this.dirty];
    this.dirty.clear();
    for (const conn of list) {
      try {
        conn.flush();
      } catch (err) {
        this.log.error({ err, hub: conn.hubName }, 'hub flush failed');
        conn.abort();
      }
    }
  };

  // EndpointHost -------------------------------------------------------------------------

  hubAt(path: string): RegisteredHub | undefined {
    return this.byPath.get(path);
  }

  connection(token: string): HubConnection | undefined {
    return this.byToken.get(token);
  }

  register(conn: HubConnection): void {
    this.byToken.set(conn.token, conn);
  }

  private track(hubName: string) {
    let entry = this.tracked.get(hubName);
    if (!entry) {
      entry = { keyed: [], flags: [] };
      this.tracked.set(hubName, entry);
    }
    return entry;
  }

  private hub(name: string): RegisteredHub {
    const hub = this.hubs.get(name);
    if (!hub) throw new Error(`Unknown hub ${name}`);
    return hub;
  }

  private invoke(conn: HubConnection, message: InvocationMessage): void {
    const { invocationId: id, target } = message;
    const answer = (outcome: { result?: unknown; error?: string }) => {
      if (id !== undefined) conn.complete(id, outcome);
    };
    if (message.streamIds) {
      answer({ error: 'Client-to-server streaming is not supported by this server.' });
      return;
    }
    const method = this.hub(conn.hubName).lookup.get(target.toLowerCase());
    if (!method) {
      answer({ error: `Unknown hub method '${target}'.` });
      return;
    }
    if (message.arguments.length > MAX_ARGUMENTS) {
      answer({ error: `${target} takes at most ${MAX_ARGUMENTS} arguments.` });
      return;
    }
    const fail = (err: unknown) => {
      if (err instanceof HubError) {
        answer({ error: err.message });
        return;
      }
      this.log.error({ err, hub: conn.hubName, target }, 'hub method failed');
      answer({ error: `An unexpected error occurred invoking '${target}' on the server.` });
    };
    let result: unknown;
    try {
      result = method(conn, ...message.arguments);
    } catch (err) {
      fail(err);
      return;
    }
    if (result instanceof Promise) {
      result.then((value: unknown) => answer({ result: value }), fail);
    } else {
      answer({ result });
    }
  }

  userOf(request: { headers: IncomingMessage['headers'] }): SessionUser | null {
    try {
      return this.auth.userOf(request);
    } catch (err) {
      this.log.warn({ err }, 'hub session check failed');
      return null;
    }
  }

  private sweep(): void {
    const now = this.timers.now();
    const o = this.options;
    for (const conn of this.byToken.values()) {
      switch (conn.state) {
        case 'negotiated':
          if (now - conn.createdAt >= o.negotiateTimeoutMs && !conn.attaching) {
            conn.abort();
          }
          break;
        case 'handshaking':
          if (now - conn.openedAt >= o.handshakeTimeoutMs) conn.abort();
          break;
        case 'connected':
          if (now - conn.lastReceivedAt >= o.clientTimeoutMs) conn.abort();
          else if (now - conn.lastSessionCheckAt >= o.sessionCheckIntervalMs) {
            conn.lastSessionCheckAt = now;
            if (!this.userOf({ headers: conn.authHeaders })) this.endSession(conn);
          }
          if (conn.state === 'connected' && now - conn.lastSentAt >= o.keepAliveIntervalMs) {
            conn.ping();
          }
          break;
        default:
          break;
      }
    }
  }

  /** Checks the session of every open connection now and closes those whose session ended. */
  recheckSessions(): void {
    for (const conn of this.byToken.values()) {
      if (conn.state !== 'connected') continue;
      conn.lastSessionCheckAt = this.timers.now();
      if (!this.userOf({ headers: conn.authHeaders })) this.endSession(conn);
    }
  }

  private endSession(conn: HubConnection): void {
    try {
      this.hub(conn.hubName).onSessionEnded?.(conn);
    } catch (err) {
      this.log.error({ err, hub: conn.hubName }, 'hub onSessionEnded failed');
    }
    conn.close({ allowReconnect: false, error: SESSION_ENDED_ERROR });
  }
}
