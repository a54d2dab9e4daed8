/**
 * A Sparkplug B edge node with one device, as the field plant's tests play it on a real broker:
 * births with aliases, data by alias, deaths, and the commands it receives. It answers a rebirth
 * request (NCMD "Node Control/Rebirth") with NBIRTH and DBIRTH, as a node does.
 */
import type { MqttClient } from 'mqtt';
import { get } from 'sparkplug-payload';
import type { UMetric, UPayload } from 'sparkplug-payload/lib/sparkplugbpayload';
import { brokerClient } from './fieldServer.ts';

const codec = get('spBv1.0')!;

export interface NodeMetric {
  name: string;
  alias: number;
  type: NonNullable<UMetric['type']>;
  value: number | boolean;
  /** The metric's own time in births (else the payload's, now). */
  timestamp?: number;
}

export class SparkplugNode {
  readonly commands: { topic: string; payload: UPayload }[] = [];
  rebirthRequests = 0;
  private seq = 0;

  private constructor(
    readonly client: MqttClient,
    readonly group: string,
    readonly node: string,
    readonly device: string,
    readonly nodeMetrics: NodeMetric[],
    readonly deviceMetrics: NodeMetric[],
  ) {}

  static async start(
    url: string,
    group: string,
    node: string,
    device: string,
    nodeMetrics: NodeMetric[],
    deviceMetrics: NodeMetric[],
  ): Promise<SparkplugNode> {
    const client = await brokerClient(url);
    const n = new SparkplugNode(client, group, node, device, nodeMetrics, deviceMetrics);
    client.on('message', (topic, payload) => {
      const decoded = codec.decodePayload(new Uint8Array(payload));
      n.commands.push({ topic, payload: decoded });
      const rebirth = decoded.metrics?.some(
        (m) => m.name === 'Node Control/Rebirth' && m.value === true,
      );
      if (rebirth) {
        n.rebirthRequests++;
        void n.birth();
      }
    });
    await client.subscribeAsync([
      `spBv1.0/${group}/NCMD/${node}`,
      `spBv1.0/${group}/DCMD/${node}/+`,
    ]);
    return n;
  }

  private topic(type: string, device = false): string {
    return `spBv1.0/${this.group}/${type}/${this.node}${device ? `/${this.device}` : ''}`;
  }

  private async send(type: string, device: boolean, payload: UPayload): Promise<void> {
    await this.client.publishAsync(
      this.topic(type, device),
      Buffer.from(
        codec.encodePayload({ timestamp: Date.now(), seq: this.seq++ % 256, ...payload }),
      ),
    );
  }

  async birth(): Promise<void> {
    this.seq = 0;
    await this.send('NBIRTH', false, {
      metrics: [{ name: 'bdSeq', type: 'Int64', value: 0 }, ...this.nodeMetrics],
    });
    await this.send('DBIRTH', true, { metrics: this.deviceMetrics });
  }

  /** DDATA by alias only, as nodes send it. */
  async deviceData(
    alias: number,
    type: NonNullable<UMetric['type']>,
    value: number | boolean,
    timestamp?: number,
  ) {
    await this.send('DDATA', true, {
      metrics: [{ alias, type, value, ...(timestamp ? { timestamp } : {}) }],
    });
  }

  /** Loses `count` messages: the next one's seq jumps (a gap the host should notice). */
  skipSeq(count: number): void {
    this.seq += count;
  }

  /**
   * DDATA of several metrics by alias, each at its own time; `historical` marks them as a
   * store-and-forward buffer sent after an outage (is_historical).
   */
  async deviceDataAt(
    metrics: readonly {
      alias: number;
      type: NonNullable<UMetric['type']>;
      value: number | boolean;
      timestamp: number;
    }[],
    historical = false,
  ) {
    await this.send('DDATA', true, {
      metrics: metrics.map((m) => ({ ...m, ...(historical ? { isHistorical: true } : {}) })),
    });
  }

  async nodeData(alias: number, type: NonNullable<UMetric['type']>, value: number | boolean) {
    await this.send('NDATA', false, { metrics: [{ alias, type, value }] });
  }

  async deviceDeath(): Promise<void> {
    await this.send('DDEATH', true, {});
  }

  async deviceBirth(): Promise<void> {
    await this.send('DBIRTH', true, { metrics: this.deviceMetrics });
  }

  /** NDEATH of this session (bdSeq 0, as its births), or of an earlier one. */
  async nodeDeath(bdSeq = 0): Promise<void> {
    await this.send('NDEATH', false, { metrics: [{ name: 'bdSeq', type: 'Int64', value: bdSeq }] });
  }

  async raw(type: string, device: boolean, bytes: Buffer): Promise<void> {
    await this.client.publishAsync(this.topic(type, device), bytes);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
