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
  FieldSample,
  FieldScalar,
  WriteOutcome,
} from '../connector.ts';
import { compilePointer, type CompiledPointer } from '../jsonPointer.ts';
import type { ConnectorContext, FieldPoint, MqttConnection, MqttSource } from '../kinds.ts';
import { BrokerLink } from './BrokerLink.ts';
import { brokerOptions } from './brokerOptions.ts';

/** A point with its pointers parsed once: every payload on its topic goes through them. */
interface TopicPoint {
  point: FieldPoint<MqttSource>;
  value: CompiledPointer;
  quality: CompiledPointer | null;
  timestamp: CompiledPointer | null;
}

export class MqttJsonConnector implements Connector {
  private readonly byTopic = new Map<string, TopicPoint[]>();
  private readonly byId = new Map<string, FieldPoint<MqttSource>>();
  private readonly link: BrokerLink;
  private sink: ConnectorSink | null = null;

  constructor(
    connection: MqttConnection,
    points: readonly FieldPoint<MqttSource>[],
    context: ConnectorContext,
  ) {
    for (const p of points) {
      const list = this.byTopic.get(p.source.topic) ?? [];
      list.push({
        point: p,
        value: compilePointer(p.source.value),
        quality: p.source.quality ? compilePointer(p.source.quality) : null,
        timestamp: p.source.timestamp ? compilePointer(p.source.timestamp) : null,
      });
      this.byTopic.set(p.source.topic, list);
      this.byId.set(p.id, p);
    }
    const options = brokerOptions(
      connection,
      context.env,
      `pegel-${context.stationNumber}-${randomBytes(4).toString('hex')}`,
    );
    this.link = new BrokerLink(connection.url, options, {
      connected: async (client) => {
        const topics = [...this.byTopic.keys()];
        if (topics.length === 0) return;
        const granted = await client.subscribeAsync(topics, { qos: 1 });
        const refused = granted.filter((g) => g.qos === 128).map((g) => g.topic);
        if (refused.length > 0) throw new Error(`subscription refused: ${refused.join(', ')}`);
      },
      message: (topic, payload) => this.message(topic, payload),
      up: () => this.sink?.link('up'),
      down: (reason) => this.sink?.link('down', reason),
    });
  }

  start(sink: ConnectorSink): void {
    this.sink = sink;
    sink.link('connecting');
    this.link.start();
  }

  stop(): Promise<void> {
    return this.link.stop();
  }

  private message(topic: string, payload: Buffer): void {
    const sink = this.sink;
    const points = this.byTopic.get(topic);
    if (!sink || !points) return;
    const received = Date.now();
    let doc: unknown;
    try {
      doc = JSON.parse(payload.toString('utf8'));
    } catch {
      for (const { point } of points)
        sink.badInput('malformed-json', `${topic}: payload is not JSON`, point.id);
      return;
    }
    const out: FieldSample[] = [];
    for (const { point: p, value: valueAt, quality: qualityAt, timestamp: timeAt } of points) {
      const raw = valueAt(doc);
      if (raw === undefined) {
        sink.badInput('missing-field', `${topic}: nothing at ${p.source.value || '(root)'}`, p.id);
        continue;
      }
      const value = scalar(raw);
      if (value === null) {
        sink.badInput('wrong-type', `${topic}${p.source.value}: not a number or boolean`, p.id);
        continue;
      }
      const quality = qualityAt ? qualityOf(qualityAt(doc)) : 'Good';
      const sourceTime = timeAt ? (timeOf(timeAt(doc)) ?? received) : received;
      // No spread of an empty object per sample: a good value is the common case.
      out.push(
        quality === 'Good'
          ? { pointId: p.id, value, quality, sourceTime }
          : { pointId: p.id, value, quality, sourceTime, reason: 'quality reported by the device' },
      );
    }
    if (out.length > 0) sink.samples(out);
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
