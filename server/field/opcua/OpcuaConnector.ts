import {
  AttributeIds,
  ClientMonitoredItemGroup,
  OPCUAClient,
  StatusCodes,
  TimestampsToReturn,
  UserTokenType,
  resolveNodeId,
  type ClientSession,
  type ClientSubscription,
  type DataType,
  type DataValue,
  type NodeId,
  type OPCUACertificateManager,
  type UserIdentityInfo,
} from 'node-opcua';
import {
  backoffDelay,
  type BadInputReason,
  type Connector,
  type ConnectorSink,
  type FieldSample,
  type FieldScalar,
  type LinkState,
  type WriteOutcome,
} from '../connector.ts';
import type { OpcuaConnectionConfig, OpcuaPointConfig } from './schema.ts';
import {
  describeConnectError,
  openCertificateManager,
  securityModeOf,
  securityPolicyOf,
  trustOnFirstUse,
} from './trust.ts';
import { isBadNodeId, readDataValue, toVariant } from './values.ts';

export interface OpcuaConnectorOptions {
  /** The data folder's PKI: Pegel's certificate and the trust list (see trust.ts). */
  readonly pkiDir: string;
  /** Clock for receive times when a value carries no timestamp (epoch ms). */
  readonly now?: () => number;
  readonly log?: (message: string) => void;
  /** Upper bound of the reconnect delay (default: backoffDelay's own 30 s); tests shorten it. */
  readonly backoffCapMs?: number;
  /** Silence from the server (no data, no keep-alive) that counts as a lost link (default 4 s). */
  readonly keepAliveTimeoutMs?: number;
  /** How long connecting and each service call may take (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Environment for `credentialsEnv` (default process.env). */
  readonly env?: NodeJS.ProcessEnv;
}

/** Monitored items created per CreateMonitoredItems call (servers cap operations per call). */
const ITEMS_PER_CALL = 1000;
const WATCHDOG_TICK_MS = 250;

/** One connection's worth of objects; a lost link throws all of it away. */
interface Link {
  readonly generation: number;
  client?: OPCUAClient;
  session?: ClientSession;
  subscription?: ClientSubscription;
  watchdog?: NodeJS.Timeout;
  closed?: boolean;
  lastHeard: number;
  readonly dataTypes: Map<string, DataType>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An OPC UA station (issue 56): the points are monitored items on one subscription (the server
 * reports changes at each point's sampling interval; nothing is polled), with the values' source
 * timestamps kept.
 *
 * The connector owns its reconnection instead of relying on the library's: a closed connection,
 * a session closed or its keep-alive failing, a terminated subscription, or no word from the
 * server for `keepAliveTimeoutMs` (a frozen line closes nothing) all throw the client, session,
 * subscription and monitored items away, report `link('down')`, and after `backoffDelay` build
 * every one of them anew. So a restarted server, whose old session and subscription are gone,
 * comes back without touching Pegel (the failure the peer FUXA shows in its issue 1567).
 */
export class OpcuaConnector implements Connector {
  private readonly nodeIds = new Map<string, NodeId>();
  private sink: ConnectorSink | undefined;
  private state: LinkState = 'down';
  private stopped = true;
  private attempt = 0;
  private generation = 0;
  private link: Link | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private manager: OPCUACertificateManager | undefined;
  private readonly closing = new Set<Promise<void>>();
  private pending: FieldSample[] = [];
  private flushScheduled = false;
  /** Points whose last value was Bad, to report a bad status or wrong type once when it starts. */
  private readonly badStatus = new Set<string>();
  private readonly now: () => number;
  private readonly requestTimeoutMs: number;
  private readonly keepAliveTimeoutMs: number;

  constructor(
    private readonly connection: OpcuaConnectionConfig,
    private readonly points: readonly OpcuaPointConfig[],
    private readonly options: OpcuaConnectorOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? 4000;
  }

  start(sink: ConnectorSink): void {
    if (!this.stopped) return;
    this.sink = sink;
    this.stopped = false;
    for (const point of this.points) {
      try {
        this.nodeIds.set(point.pointId, resolveNodeId(point.nodeId));
      } catch (error) {
        this.report('bad-node-id', `${point.nodeId}: ${messageOf(error)}`, point.pointId);
        this.queue(point.pointId, null, 'Bad', this.now(), `BadNodeIdInvalid: ${point.nodeId}`);
      }
    }
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    clearTimeout(this.reconnectTimer);
    this.teardown();
    // An attempt still under way closes what it made when it settles: wait for that too.
    while (this.closing.size > 0) await Promise.all([...this.closing]);
    const manager = this.manager;
    this.manager = undefined;
    await manager?.dispose().catch(() => undefined);
  }

  async write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    try {
      return await this.writePoint(pointId, value);
    } catch (error) {
      return { ok: false, reason: messageOf(error) };
    }
  }

  private async writePoint(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    const point = this.points.find((p) => p.pointId === pointId);
    if (!point) return { ok: false, reason: `no point "${pointId}" at this station` };
    if (point.readOnly) return { ok: false, readOnly: true, reason: `${pointId} is read-only` };
    const nodeId = this.nodeIds.get(pointId);
    if (!nodeId) return { ok: false, reason: `${point.nodeId} is not a valid node id` };
    const link = this.link;
    const session = link?.session;
    if (!link || !session || this.state !== 'up') {
      return { ok: false, reason: 'the server is not connected' };
    }
    let dataType = link.dataTypes.get(pointId);
    if (dataType === undefined) {
      dataType = await withTimeout(
        session.getBuiltInDataType(nodeId),
        this.requestTimeoutMs,
        'reading the data type',
      );
      link.dataTypes.set(pointId, dataType);
    }
    const encoded = toVariant(dataType, value);
    if ('error' in encoded) return { ok: false, reason: encoded.error };
    const status = await withTimeout(
      session.write({ nodeId, attributeId: AttributeIds.Value, value: { value: encoded.variant } }),
      this.requestTimeoutMs,
      'writing',
    );
    if (status.isGood()) return { ok: true };
    const readOnly =
      status.equals(StatusCodes.BadNotWritable) || status.equals(StatusCodes.BadUserAccessDenied);
    return { ok: false, reason: status.name, ...(readOnly ? { readOnly: true } : {}) };
  }

  private connect(): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    const link: Link = { generation, lastHeard: this.now(), dataTypes: new Map() };
    this.link = link;
    this.setLink('connecting');
    const opening = this.open(link).then(
      () => {
        if (generation !== this.generation) {
          this.close(link);
          return;
        }
        this.attempt = 0;
        this.setLink('up');
      },
      (error: unknown) => {
        if (generation !== this.generation) {
          this.close(link);
          return;
        }
        this.lost(
          describeConnectError(error, this.options.pkiDir, this.connection.securityMode !== 'None'),
        );
      },
    );
    this.closing.add(opening);
    void opening.finally(() => this.closing.delete(opening));
  }

  /** Client, secure channel, session, subscription and monitored items, all new. */
  private async open(link: Link): Promise<void> {
    const timeout = this.requestTimeoutMs;
    if (!this.manager) {
      const manager = await openCertificateManager(this.options.pkiDir);
      if (this.stopped) {
        await manager.dispose();
        throw new Error('stopped');
      }
      this.manager = manager;
    }
    if (this.connection.trustServerOnFirstUse && this.connection.securityMode !== 'None') {
      await withTimeout(
        trustOnFirstUse(this.connection, this.options.pkiDir, this.manager, timeout),
        timeout,
        'fetching the server certificate',
      );
    }
    const identity = this.identity();
    const client = OPCUAClient.create({
      applicationName: 'Pegel',
      endpointMustExist: false,
      securityMode: securityModeOf(this.connection),
      securityPolicy: securityPolicyOf(this.connection),
      clientCertificateManager: this.manager,
      // One try per connect: our own loop reconnects, with backoff, and rebuilds everything.
      connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 100 },
      keepSessionAlive: true,
      keepAliveInterval: Math.max(500, Math.floor(this.keepAliveTimeoutMs / 2)),
      requestedSessionTimeout: 60_000,
      transportTimeout: timeout,
    });
    link.client = client;
    const isCurrent = (): boolean => link.generation === this.generation;
    client.on('connection_lost', () => {
      if (isCurrent()) this.lost('the connection to the server was lost');
    });
    client.on('close', () => {
      if (isCurrent() && this.state === 'up') this.lost('the connection to the server closed');
    });
    await withTimeout(client.connect(this.connection.endpoint), timeout, 'connecting');
    if (!isCurrent()) return; // superseded: the caller closes what was made
    const session = await withTimeout(client.createSession(identity), timeout, 'opening a session');
    link.session = session;
    session.on('keepalive_failure', () => {
      if (isCurrent()) this.lost('the session keep-alive failed');
    });
    session.on('session_closed', (status) => {
      if (isCurrent()) this.lost(`the server closed the session (${status.name})`);
    });
    if (!isCurrent()) return;
    const fastest = Math.min(...this.points.map((p) => p.samplingIntervalMs), 1000);
    const publishingMs = Math.max(100, fastest);
    const subscription = await withTimeout(
      session.createSubscription2({
        requestedPublishingInterval: publishingMs,
        // A keep-alive at least every second, so silence is noticed well within 5 s.
        requestedMaxKeepAliveCount: Math.max(1, Math.floor(1000 / publishingMs)),
        requestedLifetimeCount: 60,
        maxNotificationsPerPublish: 0,
        publishingEnabled: true,
        priority: 1,
      }),
      timeout,
      'creating the subscription',
    );
    link.subscription = subscription;
    link.lastHeard = this.now();
    const heard = (): void => {
      link.lastHeard = this.now();
    };
    subscription.on('keepalive', heard);
    subscription.on('received_notifications', heard);
    subscription.on('terminated', () => {
      if (isCurrent()) this.lost('the server ended the subscription');
    });
    link.watchdog = setInterval(() => {
      const silent = this.now() - link.lastHeard;
      if (isCurrent() && this.state === 'up' && silent > this.keepAliveTimeoutMs) {
        this.lost(`no keep-alive from the server for ${Math.round(silent / 1000)} s`);
      }
    }, WATCHDOG_TICK_MS);
    await this.monitor(link, subscription);
    heard();
  }

  /** The monitored items, one group per sampling interval and at most ITEMS_PER_CALL per call. */
  private async monitor(link: Link, subscription: ClientSubscription): Promise<void> {
    const byInterval = new Map<number, OpcuaPointConfig[]>();
    for (const point of this.points) {
      if (!this.nodeIds.has(point.pointId)) continue;
      const list = byInterval.get(point.samplingIntervalMs) ?? [];
      list.push(point);
      byInterval.set(point.samplingIntervalMs, list);
    }
    for (const [samplingInterval, list] of byInterval) {
      for (let at = 0; at < list.length; at += ITEMS_PER_CALL) {
        if (link.generation !== this.generation) return;
        const slice = list.slice(at, at + ITEMS_PER_CALL);
        const group = ClientMonitoredItemGroup.create(
          subscription,
          slice.map((p) => ({
            nodeId: this.nodeIds.get(p.pointId),
            attributeId: AttributeIds.Value,
          })),
          { samplingInterval, discardOldest: true, queueSize: 1 },
          TimestampsToReturn.Both,
        );
        group.on('changed', (_item, dataValue: DataValue, index: number) => {
          const point = slice[index];
          if (point && link.generation === this.generation) this.onValue(point, dataValue);
        });
        await withTimeout(
          new Promise<void>((resolve, reject) => {
            group.once('initialized', () => resolve());
            group.once('terminated', (error: Error) => reject(error));
          }),
          this.requestTimeoutMs,
          'creating the monitored items',
        );
        group.monitoredItems.forEach((item, index) => {
          const point = slice[index];
          if (!point || item.statusCode.isGood()) return;
          const status = item.statusCode;
          const reason = isBadNodeId(status) ? 'bad-node-id' : 'bad-status';
          this.report(reason, `${point.nodeId}: ${status.name}`, point.pointId);
          this.queue(point.pointId, null, 'Bad', this.now(), status.name);
        });
      }
    }
  }

  private onValue(point: OpcuaPointConfig, dataValue: DataValue): void {
    const read = readDataValue(dataValue, this.now());
    if (read.quality !== 'Bad') {
      this.badStatus.delete(point.pointId);
    } else if (!this.badStatus.has(point.pointId)) {
      // Reported once when it starts, not with every sample.
      this.badStatus.add(point.pointId);
      if (read.wrongType !== undefined) {
        this.report('wrong-type', `${point.nodeId}: ${read.wrongType}`, point.pointId);
      } else {
        this.report('bad-status', `${point.nodeId}: ${read.reason ?? ''}`, point.pointId);
      }
    }
    this.queue(point.pointId, read.value, read.quality, read.sourceTime, read.reason);
  }

  /** Samples go to the sink in one batch per turn of the event loop. */
  private queue(
    pointId: string,
    value: FieldScalar | null,
    quality: FieldSample['quality'],
    sourceTime: number,
    reason?: string,
  ): void {
    this.pending.push({
      pointId,
      value,
      quality,
      sourceTime,
      ...(reason === undefined ? {} : { reason }),
    });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const batch = this.pending;
      this.pending = [];
      if (batch.length > 0) this.safely(() => this.sink?.samples(batch));
    });
  }

  private identity(): UserIdentityInfo {
    const prefix = this.connection.credentialsEnv;
    if (!prefix) return { type: UserTokenType.Anonymous };
    const env = this.options.env ?? process.env;
    const userName = env[`${prefix}_USER`] ?? env[`${prefix}_USERNAME`];
    const password = env[`${prefix}_PASSWORD`];
    if (!userName || password === undefined) {
      throw new Error(`the credentials ${prefix}_USER and ${prefix}_PASSWORD are not set`);
    }
    return { type: UserTokenType.UserName, userName, password };
  }

  /** The link is gone: say so, throw everything of it away, and try again after the backoff. */
  private lost(reason: string): void {
    if (this.stopped) return;
    this.generation += 1;
    this.teardown();
    this.badStatus.clear();
    this.setLink('down', reason);
    const cap = this.options.backoffCapMs ?? Number.POSITIVE_INFINITY;
    const delay = Math.min(cap, backoffDelay(this.attempt));
    this.attempt += 1;
    this.options.log?.(`opcua ${this.connection.endpoint}: ${reason}; again in ${delay} ms`);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** Closes the current link in the background; `stop` waits for every such close. */
  private teardown(): void {
    const link = this.link;
    this.link = undefined;
    if (link) this.close(link);
  }

  /** Closes one link's watchdog and client (once; again is a no-op). */
  private close(link: Link): void {
    clearInterval(link.watchdog);
    const client = link.client;
    if (!client || link.closed) return;
    link.closed = true;
    const closing = (async () => {
      // A dead server answers nothing: never wait long for the goodbyes.
      await withTimeout(client.disconnect(), 2000, 'disconnecting').catch(() => undefined);
    })();
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
  }

  private setLink(state: LinkState, reason?: string): void {
    if (state === this.state && state !== 'down') return;
    this.state = state;
    this.safely(() => this.sink?.link(state, reason));
  }

  private report(reason: BadInputReason, detail: string, pointId?: string): void {
    this.safely(() => this.sink?.badInput(reason, detail, pointId));
  }

  /** A sink that throws must not stop the connector. */
  private safely(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.options.log?.(`opcua sink failed: ${messageOf(error)}`);
    }
  }
}

export function createOpcuaConnector(
  connection: OpcuaConnectionConfig,
  points: readonly OpcuaPointConfig[],
  options: OpcuaConnectorOptions,
): Connector {
  return new OpcuaConnector(connection, points, options);
}
