/**
 * MQTT with JSON payloads (plant file `connection.type: mqtt`): each point names a topic and a
 * JSON pointer to its value, optionally to a source timestamp and a quality. Writes publish
 * `{"value": …}` on the point's command topic with QoS 1; the broker's acknowledgement is the
 * answer, and the value is shown only once the device publishes it back on its topic.
 */
import { randomBytes } from 'node:crypto';
import type {
  Connector,
  ConnectorSink,
  FieldQuality,
  FieldScalar,
  WriteOutcome,
} from '../connector.ts';
import { compilePointer, pointerKey, type CompiledPointer } from '../jsonPointer.ts';
import type { ConnectorContext, FieldPoint, MqttConnection, MqttSource } from '../kinds.ts';
import { BrokerLink } from './BrokerLink.ts';
import { brokerOptions } from './brokerOptions.ts';
import { FlatJson } from './flatJson.ts';

/**
 * A point with its pointers parsed once: every payload on its topic goes through them. One
 * object per point, the pointers shared by every point that names the same one: at 10,000
 * points a message reaches its point's state at random, and each object more on that path is
 * a cache miss more per value (bench/README.md "The field plant").
 */
interface TopicPoint {
  readonly id: string;
  /** Its place among the connector's points (the sink's `good`). */
  readonly index: number;
  /** The value's pointer as the plant file writes it (for the bad-input detail). */
  readonly valuePointer: string;
  readonly value: CompiledPointer;
  readonly quality: CompiledPointer | null;
  readonly timestamp: CompiledPointer | null;
  /**
   * The keys of its pointers when each is one step into an object ('/v'): then a flat payload
   * is read without JSON.parse (flatJson.ts). On the point itself, no object more per value;
   * a null quality or timestamp key: no such pointer.
   */
  readonly valueKey: string;
  readonly qualityKey: string | null;
  readonly timestampKey: string | null;
  /**
   * On the first point of a topic: whether every point of the topic has such keys (its
   * payloads are read by them); on the others, whether the point itself has.
   */
  flatTopic: boolean;
  /** The next point on the same topic (rare: a topic usually carries one point). */
  next: TopicPoint | null;
}

export class MqttJsonConnector implements Connector {
  /** The first point of each topic; further ones follow through `next`, in file order. */
  private readonly byTopic = new Map<string, TopicPoint>();
  private readonly byId = new Map<string, FieldPoint<MqttSource>>();
  private readonly link: BrokerLink;
  private sink: ConnectorSink | null = null;
  private readonly flat = new FlatJson();

  constructor(
    connection: MqttConnection,
    points: readonly FieldPoint<MqttSource>[],
    context: ConnectorContext,
  ) {
    const compiled = new Map<string, CompiledPointer>();
    const pointer = (text: string): CompiledPointer => {
      let c = compiled.get(text);
      if (!c) compiled.set(text, (c = compilePointer(text)));
      return c;
    };
    const last = new Map<string, TopicPoint>();
    const keyOf = (text: string | undefined) => (text === undefined ? null : pointerKey(text));
    for (const [index, p] of points.entries()) {
      const { value, quality, timestamp } = p.source;
      const valueKey = keyOf(value);
      const qualityKey = keyOf(quality);
      const timestampKey = keyOf(timestamp);
      const flat =
        valueKey !== null &&
        (quality === undefined || qualityKey !== null) &&
        (timestamp === undefined || timestampKey !== null);
      const tp: TopicPoint = {
        id: p.id,
        index,
        valuePointer: p.source.value,
        value: pointer(p.source.value),
        quality: p.source.quality ? pointer(p.source.quality) : null,
        timestamp: p.source.timestamp ? pointer(p.source.timestamp) : null,
        valueKey: valueKey ?? '',
        qualityKey: flat ? qualityKey : null,
        timestampKey: flat ? timestampKey : null,
        flatTopic: flat,
        next: null,
      };
      const before = last.get(p.source.topic);
      if (before) {
        before.next = tp;
        const firstOfTopic = this.byTopic.get(p.source.topic)!;
        firstOfTopic.flatTopic &&= flat;
      } else this.byTopic.set(p.source.topic, tp);
      last.set(p.source.topic, tp);
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
          const topics = [...this.byTopic.keys()];
          if (topics.length === 0) return;
          const granted = await client.subscribeAsync(topics, { qos: 1 });
          const refused = granted.filter((g) => g.qos === 128).map((g) => g.topic);
          if (refused.length > 0) throw new Error(`subscription refused: ${refused.join(', ')}`);
        },
        message: (topic, bytes, start, end) => this.message(topic, bytes, start, end),
        up: () => this.sink?.link('up'),
        down: (reason) => this.sink?.link('down', reason),
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

  /** A message: its payload is `bytes` from `start` to `end` (no view made per message). */
  private message(topic: string, bytes: Buffer, start: number, end: number): void {
    const sink = this.sink;
    const first = this.byTopic.get(topic);
    if (!sink || !first) return;
    // A flat object of numbers is read in place; anything else (and bad input) by JSON.parse.
    const flat = first.flatTopic && this.flat.read(bytes, start, end) ? this.flat : null;
    let doc: unknown;
    if (!flat) {
      try {
        doc = JSON.parse(bytes.toString('utf8', start, end));
      } catch {
        for (let p: TopicPoint | null = first; p; p = p.next)
          sink.badInput('malformed-json', `${topic}: payload is not JSON`, p.id);
        return;
      }
    }
    // The time received, for a payload without one; read once a message, when needed.
    let received = 0;
    for (let p: TopicPoint | null = first; p; p = p.next) {
      // The pointers' targets; a pointer the plant file leaves out finds nothing (undefined).
      let raw: unknown, q: unknown, t: unknown;
      if (flat) {
        raw = flat.get(p.valueKey);
        q = p.qualityKey === null ? undefined : flat.get(p.qualityKey);
        t = p.timestampKey === null ? undefined : flat.get(p.timestampKey);
      } else {
        raw = p.value(doc);
        q = p.quality?.(doc);
        t = p.timestamp?.(doc);
      }
      if (raw === undefined) {
        sink.badInput('missing-field', `${topic}: nothing at ${p.valuePointer || '(root)'}`, p.id);
        continue;
      }
      const value = scalar(raw);
      if (value === null) {
        sink.badInput('wrong-type', `${topic}${p.valuePointer}: not a number or boolean`, p.id);
        continue;
      }
      // No quality pointer, or nothing there: Good; no time: the time received.
      const quality = qualityOf(q);
      const sourceTime = timeOf(t) ?? (received ||= Date.now());
      // A good value, the common case, without a sample object when the sink takes it so.
      if (quality === 'Good' && sink.good) sink.good(p.index, value, sourceTime);
      else
        sink.samples([
          quality === 'Good'
            ? { pointId: p.id, value, quality, sourceTime }
            : {
                pointId: p.id,
                value,
                quality,
                sourceTime,
                reason: 'quality reported by the device',
              },
        ]);
    }
  }

  async write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    const point = this.byId.get(pointId);
    const topic = point?.source.commandTopic;
    if (!topic) return { ok: false, reason: 'the plant file names no command topic for it' };
    const client = this.link.connected;
    if (!client) return { ok: false, reason: 'no connection to the broker' };
    try {
      await client.publishAsync(topic, JSON.stringify({ value }), { qos: 1 });
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
  }
}

/** A JSON value as a field value: numbers, booleans, and strings that hold one. */
function scalar(raw: unknown): FieldScalar | null {
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') {
    const t = raw.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
    if (t !== '' && Number.isFinite(Number(t))) return Number(t);
  }
  return null;
}

/**
 * good/bad/uncertain, true/false, or an OPC-style number (192 and up good, 64 up uncertain); a
 * payload without the field says nothing against its value (Good).
 */
function qualityOf(raw: unknown): FieldQuality {
  if (raw === undefined) return 'Good';
  if (raw === true) return 'Good';
  if (raw === false) return 'Bad';
  if (typeof raw === 'number') return raw >= 192 ? 'Good' : raw >= 64 ? 'Uncertain' : 'Bad';
  if (typeof raw === 'string') {
    const t = raw.trim().toLowerCase();
    if (t === 'good' || t === 'ok') return 'Good';
    if (t === 'uncertain') return 'Uncertain';
  }
  return 'Bad';
}

/** Epoch ms, epoch s (below 10^11) or ISO 8601; null when it is none of them. */
function timeOf(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw < 1e11 ? raw * 1000 : raw;
  if (typeof raw === 'string') {
    const t = Date.parse(raw);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}
