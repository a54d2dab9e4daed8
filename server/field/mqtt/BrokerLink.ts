/**
 * One station's link to its MQTT broker, shared by the MQTT JSON and Sparkplug B connectors:
 * connects, says when the link is up (after the subscriptions are granted) or down (with the
 * reason), and reconnects with `backoffDelay` for as long as it runs. MQTT.js's own reconnect is
 * off, so the delay and the reason are ours.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { backoffDelay } from '../connector.ts';
import type { ReadPace } from '../readPace.ts';
import { tapPublishes } from './publishTap.ts';

export interface BrokerLinkHandlers {
  /** Called on every connect before the link counts as up: subscribe here. */
  connected(client: MqttClient): Promise<void>;
  /** A message; its payload is `bytes` from `start` to `end` (publishTap.ts OnPublish). */
  message(topic: string, bytes: Buffer, start: number, end: number): void;
  up(): void;
  down(reason: string): void;
}

export class BrokerLink {
  private client: MqttClient | null = null;
  private ready = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private lastError = '';

  constructor(
    private readonly url: string,
    private readonly options: IClientOptions,
    private readonly handlers: BrokerLinkHandlers,
    /** The field plant's pace: the socket's reads are held between its batches (readPace.ts). */
    private readonly pace: ReadPace | null = null,
  ) {}

  /** The client while the link is up; null otherwise. */
  get connected(): MqttClient | null {
    return this.ready ? this.client : null;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  private connect(): void {
    this.retry = null;
    if (this.stopped) return;
    const client = mqtt.connect(this.url, this.options);
    this.client = client;
    let closed = false;
    const message = (topic: string, bytes: Buffer, start: number, end: number) => {
      if (this.client === client) this.handlers.message(topic, bytes, start, end);
    };
    // QoS 0 messages of MQTT 3.1.1 are read off the socket (publishTap.ts); MQTT.js, which made
    // the socket just now, gets every other packet and the rest of the protocol.
    const version = this.options.protocolVersion ?? 4;
    const reads = version <= 4 ? tapPublishes(client.stream, message) : null;
    const unpace = reads && this.pace ? this.pace.add(reads) : null;
    client.on('connect', () => {
      this.handlers.connected(client).then(
        () => {
          if (this.client !== client || closed) return;
          this.attempt = 0;
          this.ready = true;
          this.handlers.up();
        },
        (err: unknown) => {
          this.lastError = `subscribe failed: ${err instanceof Error ? err.message : String(err)}`;
          client.end(true);
        },
      );
    });
    client.on('message', (topic, payload) => message(topic, payload, 0, payload.length));
    client.on('error', (err) => {
      this.lastError = err.message;
    });
    client.on('close', () => {
      if (closed) return;
      closed = true;
      unpace?.();
      if (this.client !== client) return;
      this.ready = false;
      client.removeAllListeners('message');
      client.end(true);
      if (this.stopped) return;
      this.handlers.down(this.lastError || 'connection to the broker closed');
      this.lastError = '';
      this.retry = setTimeout(() => this.connect(), backoffDelay(this.attempt++));
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.ready = false;
    if (client) await client.endAsync(true).catch(() => {});
  }
}
