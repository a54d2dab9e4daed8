/**
 * Sparkplug B over MQTT (plant file `connection.type: sparkplug`). Pegel is a host application:
 * it subscribes to the edge nodes its points name, learns metric names, aliases and data types
 * from NBIRTH/DBIRTH, reads NDATA/DDATA, and on connecting asks each node for a rebirth so it
 * starts from a full picture.
 *
 * - NDEATH turns every point of the node Bad ("NDEATH"), unless its bdSeq names another
 *   session than the node's birth (a late will message); DDEATH those of the device; the
 *   station's link is up only while the broker is connected, every edge node it names is born
 *   and alive, and not every one of its devices is dead.
 * - A DATA message naming an alias the node did not declare (or data before a birth) is thrown
 *   away as `unknown-alias` and the node is asked for a rebirth (NCMD "Node Control/Rebirth"),
 *   at most once every 5 s per node.
 * - A message whose `seq` is not the previous one's + 1 (mod 256) since the NBIRTH means messages
 *   were lost: its values are taken, and the node is asked for a rebirth (same limit).
 * - Every rebirth asked is reported (`sink.rebirth`), counted in /metrics by station and reason.
 * - A payload that does not decode is `undecodable-payload`, marking the node's or device's points.
 * - Writes go out as DCMD (device metrics) or NCMD (node metrics) with the type from the birth
 *   certificate; the value shows when the node reports it back in DATA.
 */
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { get as sparkplugNamespace } from 'sparkplug-payload';
import type { UMetric, UPayload } from 'sparkplug-payload/lib/sparkplugbpayload';
import type {
  Connector,
  ConnectorSink,
  FieldSample,
  RebirthReason,
  FieldScalar,
  WriteOutcome,
} from '../connector.ts';
import type {
  ConnectorContext,
  FieldPoint,
  SparkplugConnection,
  SparkplugSource,
} from '../kinds.ts';
import { BrokerLink } from '../mqtt/BrokerLink.ts';
import { brokerOptions } from '../mqtt/brokerOptions.ts';

const NAMESPACE = 'spBv1.0';
const REBIRTH_METRIC = 'Node Control/Rebirth';
const REBIRTH_EVERY_MS = 5000;
const codec = sparkplugNamespace(NAMESPACE)!;

type Long = { toNumber(): number; toSigned(): Long; toString(): string };
const isLong = (v: unknown): v is Long =>
  typeof v === 'object' && v !== null && typeof (v as Long).toNumber === 'function';

interface NodeState {
  readonly group: string;
  readonly node: string;
  /** Born and not dead since. */
  alive: boolean;
  /** Alias (as text) → metric name, node-wide (node and device metrics). */
  readonly aliases: Map<string, string>;
  /** `device|metric` → Sparkplug data type from the birth certificate. */
  readonly types: Map<string, string>;
  readonly deadDevices: Set<string>;
  readonly bornDevices: Set<string>;
  /** Devices the points name. */
  readonly devices: Set<string>;
  lastRebirth: number;
  reason: string;
  /** bdSeq of the node's birth: an NDEATH of another session (a late will) is not this one's. */
  bdSeq: number | null;
  /** `seq` of the node's last message since its birth; null before one that carries it. */
  seq: number | null;
}

export class SparkplugConnector implements Connector {
  private readonly nodes = new Map<string, NodeState>();
  /** `group/node/device|metric` (device empty for node metrics) → points. */
  private readonly byMetric = new Map<string, FieldPoint<SparkplugSource>[]>();
  private readonly byId = new Map<string, FieldPoint<SparkplugSource>>();
  private readonly link: BrokerLink;
  private sink: ConnectorSink | null = null;
  private brokerUp = false;
  private reported: { up: boolean; reason: string } | null = null;

  constructor(
    connection: SparkplugConnection,
    points: readonly FieldPoint<SparkplugSource>[],
    context: ConnectorContext,
  ) {
    for (const p of points) {
      const { group, edgeNode, device, metric } = p.source;
      const key = `${group}/${edgeNode}`;
      let node = this.nodes.get(key);
      if (!node)
        this.nodes.set(
          key,
          (node = {
            group,
            node: edgeNode,
            alive: false,
            aliases: new Map(),
            types: new Map(),
            deadDevices: new Set(),
            bornDevices: new Set(),
            devices: new Set(),
            lastRebirth: -Infinity,
            reason: `waiting for NBIRTH of ${key}`,
            bdSeq: null,
            seq: null,
          }),
        );
      if (device) node.devices.add(device);
      const mk = metricKey(key, device ?? '', metric);
      const list = this.byMetric.get(mk) ?? [];
      list.push(p);
      this.byMetric.set(mk, list);
      this.byId.set(p.id, p);
    }
    const options = brokerOptions(
      connection,
      context.env,
      `pegel-${context.stationNumber}-${randomBytes(4).toString('hex')}`,
    );
    this.link = new BrokerLink(
      connection.url,
      options,
      {
        connected: async (client) => {
          const topics = [...this.nodes.values()].flatMap((n) => [
            `${NAMESPACE}/${n.group}/+/${n.node}`,
            `${NAMESPACE}/${n.group}/+/${n.node}/+`,
          ]);
          const granted = await client.subscribeAsync(topics, { qos: 0 });
          const refused = granted.filter((g) => g.qos === 128).map((g) => g.topic);
          if (refused.length > 0) throw new Error(`subscription refused: ${refused.join(', ')}`);
          // Whatever was known before the link went down may be stale: start from births.
          for (const n of this.nodes.values()) {
            this.forget(n, `waiting for NBIRTH of ${n.group}/${n.node}`);
            this.requestRebirth(client, n, 'connect', true);
          }
        },
        message: (topic, bytes, start, end) =>
          this.message(
            topic,
            start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end),
          ),
        up: () => {
          this.brokerUp = true;
          this.report();
        },
        down: (reason) => {
          this.brokerUp = false;
          this.report(reason);
        },
      },
      context.pace ?? null,
    );
  }

  start(sink: ConnectorSink): void {
    this.sink = sink;
    sink.link('connecting');
    this.link.start();
  }

  stop(): Promise<void> {
    return this.link.stop();
  }

  private forget(n: NodeState, reason: string): void {
    n.alive = false;
    n.reason = reason;
    n.aliases.clear();
    n.types.clear();
    n.bornDevices.clear();
    n.deadDevices.clear();
  }

  /** Reports the station's link when it changed (see the header for when it is up). */
  private report(brokerReason?: string): void {
    const sink = this.sink;
    if (!sink) return;
    if (!this.brokerUp) {
      this.reported = { up: false, reason: brokerReason ?? 'no connection to the broker' };
      sink.link('down', this.reported.reason);
      return;
    }
    let reason = '';
    let waiting = false;
    for (const n of this.nodes.values()) {
      if (!n.alive) {
        reason = n.reason;
        waiting = !n.reason.startsWith('NDEATH');
        break;
      }
      if (n.devices.size > 0 && [...n.devices].every((d) => n.deadDevices.has(d))) {
        reason = `DDEATH of every device of ${n.group}/${n.node}`;
        break;
      }
    }
    const up = reason === '';
    if (this.reported && this.reported.up === up && this.reported.reason === reason) return;
    this.reported = { up, reason };
    if (up) sink.link('up');
    else if (waiting) sink.link('connecting', reason);
    else sink.link('down', reason);
  }

  private requestRebirth(
    client: MqttClient,
    n: NodeState,
    reason: RebirthReason,
    force = false,
  ): void {
    const now = Date.now();
    if (!force && now - n.lastRebirth < REBIRTH_EVERY_MS) return;
    n.lastRebirth = now;
    this.sink?.rebirth?.(reason, `${n.group}/${n.node}`);
    const payload: UPayload = {
      timestamp: now,
      metrics: [{ name: REBIRTH_METRIC, type: 'Boolean', value: true }],
    };
    client.publish(
      `${NAMESPACE}/${n.group}/NCMD/${n.node}`,
      Buffer.from(codec.encodePayload(payload)),
    );
  }

  private message(topic: string, raw: Buffer): void {
    const sink = this.sink;
    if (!sink) return;
    const parts = topic.split('/');
    if (parts.length < 4 || parts[0] !== NAMESPACE) return;
    const [, group, type, nodeId, device = ''] = parts as [string, string, string, string, string?];
    const n = this.nodes.get(`${group}/${nodeId}`);
    if (!n || type === 'NCMD' || type === 'DCMD' || type === 'STATE') return;
    const nodeKey = `${group}/${nodeId}`;
    let payload: UPayload;
    try {
      payload = codec.decodePayload(new Uint8Array(raw));
    } catch (err) {
      const detail = `${topic}: ${err instanceof Error ? err.message : String(err)}`;
      const marked = this.pointsOf(nodeKey, type.startsWith('N') ? null : device);
      if (marked.length === 0) sink.badInput('undecodable-payload', detail);
      for (const p of marked) sink.badInput('undecodable-payload', detail, p.id);
      return;
    }
    const received = Date.now();
    const at = toNumber(payload.timestamp) ?? received;
    if (type !== 'NBIRTH' && type !== 'NDEATH' && n.alive) this.checkSeq(n, payload);
    switch (type) {
      case 'NBIRTH':
        this.forget(n, '');
        n.alive = true;
        n.bdSeq = bdSeqOf(payload);
        n.seq = toNumber(payload.seq);
        this.take(n, nodeKey, '', payload.metrics ?? [], at, true);
        this.report();
        return;
      case 'NDEATH': {
        const seq = bdSeqOf(payload);
        if (n.alive && seq !== null && n.bdSeq !== null && seq !== n.bdSeq) return;
        this.forget(n, `NDEATH of ${nodeKey}`);
        this.bad(this.pointsOf(nodeKey, null), 'NDEATH', at);
        this.report();
        return;
      }
      case 'DBIRTH':
        if (!n.alive) {
          // A device born while its node is not: the node's birth is missing.
          this.requestRebirthNow(n, 'data-before-birth');
          return;
        }
        n.deadDevices.delete(device);
        n.bornDevices.add(device);
        this.take(n, nodeKey, device, payload.metrics ?? [], at, true);
        this.report();
        return;
      case 'DDEATH':
        n.deadDevices.add(device);
        n.bornDevices.delete(device);
        this.bad(this.pointsOf(nodeKey, device), `DDEATH of ${nodeKey}/${device}`, at);
        this.report();
        return;
      case 'NDATA':
      case 'DDATA':
        if (!n.alive || (type === 'DDATA' && !n.bornDevices.has(device))) {
          sink.badInput('unknown-alias', `${topic}: data before its birth certificate`);
          this.requestRebirthNow(n, 'data-before-birth');
          return;
        }
        this.take(n, nodeKey, type === 'NDATA' ? '' : device, payload.metrics ?? [], at, false);
        return;
    }
  }

  private requestRebirthNow(n: NodeState, reason: RebirthReason): void {
    const client = this.link.connected;
    if (client) this.requestRebirth(client, n, reason);
  }

  /**
   * Sparkplug B: every message of a node after its NBIRTH carries `seq`, the previous one's + 1
   * modulo 256. A gap means messages were lost; the host asks for a rebirth to start again from
   * a full picture.
   */
  private checkSeq(n: NodeState, payload: UPayload): void {
    const seq = toNumber(payload.seq);
    if (seq === null) return;
    const expected = n.seq === null ? null : (n.seq + 1) % 256;
    n.seq = seq;
    if (expected !== null && seq !== expected) this.requestRebirthNow(n, 'sequence-gap');
  }

  /** Samples of the metrics of a birth or data message. */
  private take(
    n: NodeState,
    nodeKey: string,
    device: string,
    metrics: readonly UMetric[],
    at: number,
    birth: boolean,
  ): void {
    const sink = this.sink!;
    const out: FieldSample[] = [];
    let unknownAlias = false;
    for (const m of metrics) {
      const alias = m.alias === undefined || m.alias === null ? null : String(m.alias);
      let name = m.name ?? null;
      if (birth && name && alias !== null) n.aliases.set(alias, name);
      if (!name && alias !== null) name = n.aliases.get(alias) ?? null;
      if (!name) {
        unknownAlias = true;
        continue;
      }
      const typeKey = `${device}|${name}`;
      if (birth && m.type) n.types.set(typeKey, m.type);
      const points = this.byMetric.get(metricKey(nodeKey, device, name));
      if (!points) continue;
      const sourceTime = toNumber(m.timestamp) ?? at;
      const type = m.type ?? n.types.get(typeKey);
      const value = metricValue(m.value, type);
      // A stored-and-forwarded metric (is_historical) is archived at its time, never live.
      const late = m.isHistorical === true ? { historical: true } : {};
      for (const p of points) {
        if (m.isNull || m.value === null || m.value === undefined)
          out.push({
            pointId: p.id,
            value: null,
            quality: 'Bad',
            sourceTime,
            reason: 'null value',
            ...late,
          });
        else if (value === null)
          sink.badInput(
            'wrong-type',
            `${name}: a ${type ?? 'value'} is no number or boolean`,
            p.id,
          );
        else out.push({ pointId: p.id, value, quality: 'Good', sourceTime, ...late });
      }
    }
    if (out.length > 0) sink.samples(out);
    if (unknownAlias) {
      sink.badInput(
        'unknown-alias',
        `${nodeKey}${device ? `/${device}` : ''}: a metric alias it never declared`,
      );
      this.requestRebirthNow(n, 'unknown-alias');
    }
  }

  private bad(points: readonly FieldPoint<SparkplugSource>[], reason: string, at: number): void {
    if (points.length === 0) return;
    this.sink!.samples(
      points.map((p) => ({
        pointId: p.id,
        value: null,
        quality: 'Bad' as const,
        sourceTime: at,
        reason,
        reasonKind: 'device-death' as const,
      })),
    );
  }

  /** Points of a node (device null: all of them) or of one device ('' for node metrics). */
  private pointsOf(nodeKey: string, device: string | null): FieldPoint<SparkplugSource>[] {
    const out: FieldPoint<SparkplugSource>[] = [];
    for (const p of this.byId.values()) {
      if (`${p.source.group}/${p.source.edgeNode}` !== nodeKey) continue;
      if (device === null || (p.source.device ?? '') === device) out.push(p);
    }
    return out;
  }

  async write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    const point = this.byId.get(pointId);
    if (!point) return { ok: false, reason: 'unknown point' };
    const { group, edgeNode, device, metric } = point.source;
    const n = this.nodes.get(`${group}/${edgeNode}`)!;
    const client = this.link.connected;
    if (!client) return { ok: false, reason: 'no connection to the broker' };
    if (!n.alive) return { ok: false, reason: `edge node ${group}/${edgeNode} is offline` };
    if (device && !n.bornDevices.has(device))
      return { ok: false, reason: `device ${group}/${edgeNode}/${device} is offline` };
    const type =
      n.types.get(`${device ?? ''}|${metric}`) ??
      (typeof value === 'boolean' ? 'Boolean' : 'Double');
    const encoded = commandValue(value, type);
    if (encoded === null)
      return { ok: false, reason: `a ${type} metric cannot take ${String(value)}` };
    const payload: UPayload = {
      timestamp: Date.now(),
      metrics: [{ name: metric, type: type as UMetric['type'], value: encoded }],
    };
    const topic = device
      ? `${NAMESPACE}/${group}/DCMD/${edgeNode}/${device}`
      : `${NAMESPACE}/${group}/NCMD/${edgeNode}`;
    try {
      await client.publishAsync(topic, Buffer.from(codec.encodePayload(payload)), { qos: 0 });
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
  }
}

function bdSeqOf(payload: UPayload): number | null {
  const metric = payload.metrics?.find((m) => m.name === 'bdSeq');
  return metric ? toNumber(metric.value) : null;
}

function metricKey(nodeKey: string, device: string, metric: string): string {
  return `${nodeKey}/${device}|${metric}`;
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (isLong(v)) return v.toNumber();
  return null;
}

const INT_BITS: Record<string, number> = { Int8: 8, Int16: 16, Int32: 32 };

/** A metric's value as a field value, signed as its type says; null when it is none. */
function metricValue(v: unknown, type: string | undefined): FieldScalar | null {
  if (typeof v === 'boolean') return v;
  if (type === 'Int64' && isLong(v)) return v.toSigned().toNumber();
  if (isLong(v)) return v.toNumber();
  if (typeof v === 'number') {
    const bits = type ? INT_BITS[type] : undefined;
    // Sparkplug carries Int8/16/32 in an unsigned field: sign-extend.
    if (bits !== undefined && v >= 2 ** (bits - 1)) return v - 2 ** bits;
    return Number.isFinite(v) ? v : null;
  }
  return null;
}

/** A written value in the metric's type; null when the type cannot hold it. */
function commandValue(value: FieldScalar, type: string): number | boolean | null {
  if (type === 'Boolean') return typeof value === 'boolean' ? value : value !== 0;
  const n = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  if (type === 'Float' || type === 'Double') return n;
  if (/^U?Int(8|16|32|64)$/.test(type)) {
    const i = Math.round(n);
    if (type.startsWith('U') && i < 0) return null;
    return i;
  }
  return null;
}
