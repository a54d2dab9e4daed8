import ModbusRTU from 'modbus-serial';
import {
  backoffDelay,
  type Connector,
  type ConnectorSink,
  type FieldSample,
  type FieldScalar,
  type LinkState,
  type WriteOutcome,
} from '../connector.ts';
import {
  decodeRegisters,
  encodeCoil,
  encodeRegisters,
  exceptionReason,
  isBitTable,
  planReads,
  type ReadPlan,
} from './codec.ts';
import type { ModbusConnectionConfig, ModbusPointConfig } from './schema.ts';

export interface ModbusConnectorOptions {
  /** The data folder's PKI (OPC UA only; taken so every connector factory looks alike). */
  readonly pkiDir?: string;
  /** Clock for the samples' receive time (epoch ms). */
  readonly now?: () => number;
  readonly log?: (message: string) => void;
  /** Upper bound of the reconnect delay (default: backoffDelay's own 30 s); tests shorten it. */
  readonly backoffCapMs?: number;
  /** Addresses a read request may bridge between two points (default 0, see planReads). */
  readonly maxGap?: number;
  /** Told after each completed poll cycle of a group, with its duration (ms): for metrics. */
  readonly onPollCycle?: (group: string, ms: number) => void;
}

/** An error from modbus-serial: an exception response carries `modbusCode`. */
interface ModbusError {
  readonly message?: string;
  readonly modbusCode?: number;
  readonly errno?: string;
}

function asModbusError(error: unknown): ModbusError {
  return typeof error === 'object' && error !== null ? (error as ModbusError) : {};
}

function describe(error: unknown): string {
  const { message, errno } = asModbusError(error);
  if (errno === 'ETIMEDOUT') return 'no answer (timed out)';
  return message ?? String(error);
}

class LinkLost extends Error {}

/**
 * A Modbus TCP station (issue 56): poll groups read at their intervals in as few requests as the
 * protocol allows, every value decoded by its type, word order, scale and offset.
 *
 * - An exception response marks only the points of that request Bad with the exception's name,
 *   and is reported once when it starts (or its code changes) through `badInput`.
 * - A timeout or a closed socket is a lost link: `link('down', reason)`, all polls stop, and a
 *   new connection is tried after `backoffDelay` for as long as the connector runs. When it is
 *   back every point is sent again, whether it changed or not.
 * - Otherwise a point is sent only when its value or quality changes.
 * - Requests go one at a time over the one connection, as most devices want them.
 */
export class ModbusConnector implements Connector {
  private readonly pointsById = new Map<string, ModbusPointConfig>();
  private readonly plansByGroup = new Map<string, ReadPlan[]>();
  private sink: ConnectorSink | undefined;
  private client: ModbusRTU | undefined;
  private state: LinkState = 'down';
  private stopped = true;
  private attempt = 0;
  private generation = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly pollTimers = new Map<string, NodeJS.Timeout>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Cancels the requests waiting for an answer (see `settled`). */
  private readonly inFlight = new Set<(error: unknown) => void>();
  /** The last sample sent per point, to send only changes. */
  private readonly sent = new Map<string, { value: FieldScalar | null; quality: string }>();
  /** The exception each request answers now, keyed by plan, to report only its start. */
  private readonly failing = new Map<ReadPlan, number>();
  private readonly now: () => number;

  constructor(
    private readonly connection: ModbusConnectionConfig,
    points: readonly ModbusPointConfig[],
    private readonly options: ModbusConnectorOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    const byGroup = new Map<string, ModbusPointConfig[]>();
    for (const point of points) {
      this.pointsById.set(point.pointId, point);
      const list = byGroup.get(point.pollGroup) ?? [];
      list.push(point);
      byGroup.set(point.pollGroup, list);
    }
    for (const [group, list] of byGroup) {
      this.plansByGroup.set(group, planReads(list, connection.unitId, options.maxGap ?? 0));
    }
  }

  /** The read requests of each poll group (for the bench and the tests). */
  get plans(): ReadonlyMap<string, readonly ReadPlan[]> {
    return this.plansByGroup;
  }

  start(sink: ConnectorSink): void {
    if (!this.stopped) return;
    this.sink = sink;
    this.stopped = false;
    for (const [group, plans] of this.plansByGroup) {
      if (this.connection.pollGroups[group] !== undefined) continue;
      const out: FieldSample[] = [];
      for (const plan of plans) {
        for (const point of plan.points) {
          this.changed(out, point, null, 'Bad', `poll group "${group}" is not defined`);
        }
      }
      this.send(out);
    }
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    clearTimeout(this.reconnectTimer);
    for (const timer of this.pollTimers.values()) clearTimeout(timer);
    this.pollTimers.clear();
    await this.closeClient();
    await this.queue.catch(() => undefined);
  }

  async write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    try {
      return await this.writePoint(pointId, value);
    } catch (error) {
      return { ok: false, reason: describe(error) };
    }
  }

  private async writePoint(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    const point = this.pointsById.get(pointId);
    if (!point) return { ok: false, reason: `no point "${pointId}" at this station` };
    if (point.readOnly || point.table === 'input' || point.table === 'discreteInput') {
      const what = point.readOnly ? 'is read-only' : `is an ${point.table} and cannot be written`;
      return { ok: false, readOnly: true, reason: `${pointId} ${what}` };
    }
    const unitId = point.unitId ?? this.connection.unitId;
    let request: (client: ModbusRTU) => Promise<unknown>;
    if (point.table === 'coil') {
      const state = encodeCoil(value);
      if (typeof state !== 'boolean') return { ok: false, reason: state.error };
      request = (client) => client.writeCoil(point.address, state);
    } else {
      const encoded = encodeRegisters(point, value);
      if ('error' in encoded) return { ok: false, reason: encoded.error };
      const words = encoded.words;
      request =
        words.length === 1
          ? (client) => client.writeRegister(point.address, words[0]!)
          : (client) => client.writeRegisters(point.address, words);
    }
    if (this.state !== 'up') return { ok: false, reason: 'the device is not connected' };
    try {
      await this.request(unitId, request);
    } catch (error) {
      const { modbusCode } = asModbusError(error);
      if (modbusCode !== undefined) return { ok: false, reason: exceptionReason(modbusCode) };
      return { ok: false, reason: describe(error) };
    }
    // The new value shows when the device reports it: read its group again now.
    this.pollSoon(point.pollGroup);
    return { ok: true };
  }

  private connect(): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.setLink('connecting');
    const client = new ModbusRTU();
    this.client = client;
    client.on('error', () => {
      // A socket error is followed by 'close' or a failed request; both are handled there.
    });
    client.on('close', () => {
      if (generation === this.generation) this.lost('the device closed the connection');
    });
    const timeout = setTimeout(() => {
      if (generation === this.generation) this.lost('no answer to connect (timed out)');
    }, this.connection.timeoutMs);
    client
      .connectTCP(this.connection.host, {
        port: this.connection.port,
        timeout: this.connection.timeoutMs,
      })
      .then(() => {
        clearTimeout(timeout);
        if (generation !== this.generation) {
          client.close(() => undefined);
          return;
        }
        client.setID(this.connection.unitId);
        client.setTimeout(this.connection.timeoutMs);
        this.attempt = 0;
        this.sent.clear();
        this.failing.clear();
        this.setLink('up');
        for (const group of this.plansByGroup.keys()) this.schedulePoll(group, 0, generation);
      })
      .catch((error: unknown) => {
        clearTimeout(timeout);
        if (generation === this.generation) this.lost(`cannot connect: ${describe(error)}`);
      });
  }

  /** The link is gone: say so, stop polling, and try again after the backoff delay. */
  private lost(reason: string): void {
    if (this.stopped) return;
    this.generation += 1;
    for (const timer of this.pollTimers.values()) clearTimeout(timer);
    this.pollTimers.clear();
    void this.closeClient();
    this.setLink('down', reason);
    const cap = this.options.backoffCapMs ?? Number.POSITIVE_INFINITY;
    const delay = Math.min(cap, backoffDelay(this.attempt));
    this.attempt += 1;
    this.options.log?.(
      `modbus ${this.connection.host}:${this.connection.port}: ${reason}; again in ${delay} ms`,
    );
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * Drops the connection at once (a socket still connecting too, which `close` would leave to
   * finish); requests in flight are cancelled.
   */
  private closeClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    for (const cancel of [...this.inFlight]) cancel(new LinkLost('the connection was dropped'));
    if (!client) return Promise.resolve();
    return new Promise((resolve) => {
      try {
        client.destroy(() => resolve());
      } catch {
        resolve();
      }
    });
  }

  private setLink(state: LinkState, reason?: string): void {
    if (state === this.state && state !== 'down') return;
    this.state = state;
    this.safely(() => this.sink?.link(state, reason));
  }

  private schedulePoll(group: string, delay: number, generation: number): void {
    const interval = this.connection.pollGroups[group];
    if (interval === undefined || this.stopped) return;
    clearTimeout(this.pollTimers.get(group));
    this.pollTimers.set(
      group,
      setTimeout(() => {
        const started = this.now();
        void this.poll(group, generation).then(() => {
          if (generation !== this.generation) return;
          const elapsed = this.now() - started;
          this.options.onPollCycle?.(group, elapsed);
          this.schedulePoll(group, Math.max(0, interval - elapsed), generation);
        });
      }, delay),
    );
  }

  private pollSoon(group: string): void {
    if (this.state === 'up') this.schedulePoll(group, 0, this.generation);
  }

  /** One cycle of a poll group; resolves when every request answered or the link is lost. */
  private async poll(group: string, generation: number): Promise<void> {
    for (const plan of this.plansByGroup.get(group) ?? []) {
      if (generation !== this.generation) return;
      try {
        await this.readPlan(plan);
      } catch (error) {
        if (error instanceof LinkLost) return;
        // A decoding fault must not stop the group: mark the request's points.
        const out: FieldSample[] = [];
        for (const point of plan.points) this.changed(out, point, null, 'Bad', describe(error));
        this.send(out);
        this.safely(() => this.sink?.badInput('other', describe(error)));
      }
    }
  }

  private async readPlan(plan: ReadPlan): Promise<void> {
    let result: { data: Array<number | boolean> };
    try {
      result = await this.request(
        plan.unitId,
        (client): Promise<{ data: Array<number | boolean> }> => {
          switch (plan.table) {
            case 'coil':
              return client.readCoils(plan.address, plan.count);
            case 'discreteInput':
              return client.readDiscreteInputs(plan.address, plan.count);
            case 'holding':
              return client.readHoldingRegisters(plan.address, plan.count);
            case 'input':
              return client.readInputRegisters(plan.address, plan.count);
          }
        },
      );
    } catch (error) {
      const { modbusCode } = asModbusError(error);
      if (modbusCode === undefined) throw error;
      const reason = exceptionReason(modbusCode);
      if (this.failing.get(plan) !== modbusCode) {
        this.failing.set(plan, modbusCode);
        const range = `${plan.table} ${plan.address}…${plan.address + plan.count - 1}`;
        this.safely(() => this.sink?.badInput('modbus-exception', `${reason} reading ${range}`));
      }
      const out: FieldSample[] = [];
      for (const point of plan.points) this.changed(out, point, null, 'Bad', reason);
      this.send(out);
      return;
    }
    this.failing.delete(plan);
    const data = result.data;
    const out: FieldSample[] = [];
    for (const point of plan.points) {
      const at = point.address - plan.address;
      if (isBitTable(plan.table)) {
        this.changed(out, point, data[at] === true, 'Good');
        continue;
      }
      const value = decodeRegisters(point, data as readonly number[], at);
      if (Number.isFinite(value)) this.changed(out, point, value, 'Good');
      else this.changed(out, point, null, 'Bad', `${point.type} value is not a number`);
    }
    this.send(out);
  }

  /**
   * Runs one request on the connection after the ones before it. A failure that is not an
   * exception response loses the link and rejects with LinkLost.
   */
  /**
   * A request's answer, or a LinkLost when the connection is dropped or the answer is overdue.
   * NOTE: modbus-serial's destroy() cancels the timers of requests in flight without settling
   * them; without this a dropped connection would leave the queue waiting for ever.
   */
  private settled<T>(answer: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const cancel = (error: unknown): void => {
        clearTimeout(overdue);
        this.inFlight.delete(cancel);
        reject(error);
      };
      const overdue = setTimeout(
        () => cancel(new LinkLost('no answer (timed out)')),
        this.connection.timeoutMs + 1000,
      );
      this.inFlight.add(cancel);
      answer.then(
        (value) => {
          clearTimeout(overdue);
          this.inFlight.delete(cancel);
          resolve(value);
        },
        // modbus-serial's errors are not all Errors (its timeout is a plain object with errno).
        (error: unknown) => cancel(error),
      );
    });
  }

  private request<T>(unitId: number, call: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const run = async (): Promise<T> => {
      const client = this.client;
      if (!client || generation !== this.generation) throw new LinkLost('link lost');
      client.setID(unitId);
      try {
        return await this.settled(call(client));
      } catch (error) {
        if (asModbusError(error).modbusCode !== undefined) throw error;
        if (generation === this.generation) this.lost(describe(error));
        throw new LinkLost(describe(error));
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Adds a point's sample to `out` when its value or quality changed since the last one sent. */
  private changed(
    out: FieldSample[],
    point: ModbusPointConfig,
    value: FieldScalar | null,
    quality: FieldSample['quality'],
    reason?: string,
  ): void {
    const last = this.sent.get(point.pointId);
    if (last && last.value === value && last.quality === quality) return;
    this.sent.set(point.pointId, { value, quality });
    out.push({
      pointId: point.pointId,
      value,
      quality,
      sourceTime: this.now(),
      ...(reason === undefined ? {} : { reason }),
    });
  }

  private send(samples: readonly FieldSample[]): void {
    if (samples.length > 0) this.safely(() => this.sink?.samples(samples));
  }

  /** A sink that throws must not stop the connector. */
  private safely(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.options.log?.(`modbus sink failed: ${describe(error)}`);
    }
  }
}

export function createModbusConnector(
  connection: ModbusConnectionConfig,
  points: readonly ModbusPointConfig[],
  options: ModbusConnectorOptions = {},
): Connector {
  return new ModbusConnector(connection, points, options);
}
