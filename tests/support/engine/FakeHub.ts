/**
 * A fake hub connection for engine unit tests: records every invocation in `received`,
 * lets the test push messages, fail starts, drop and restore the connection.
 */
import type { HubName } from '../../../src/contract/hubs.ts';
import type {
  HubMessageHandler,
  HubTransport,
  HubTransportFactory,
} from '../../../workers/HubTransport.ts';

export interface Invocation {
  method: string;
  args: unknown[];
}

type FakeState = 'disconnected' | 'connected' | 'reconnecting';

export class FakeHub implements HubTransport {
  readonly hub: HubName;
  readonly received: Invocation[] = [];
  state: FakeState = 'disconnected';
  starts = 0;
  stops = 0;
  /** Errors the next start() calls reject with, in order; `'hang'` never settles. */
  readonly startFailures: (Error | 'hang')[] = [];
  /** Answers per method; the default answer is undefined. */
  readonly answers = new Map<string, (args: unknown[]) => unknown>();
  private readonly handlers = new Map<string, HubMessageHandler[]>();
  private reconnecting: ((error?: Error) => void)[] = [];
  private reconnected: (() => void)[] = [];
  private closed: ((error?: Error) => void)[] = [];

  constructor(hub: HubName) {
    this.hub = hub;
  }

  async start(): Promise<void> {
    this.starts++;
    const failure = this.startFailures.shift();
    if (failure === 'hang') return new Promise(() => undefined);
    if (failure) throw failure;
    this.state = 'connected';
  }

  async stop(): Promise<void> {
    this.stops++;
    this.state = 'disconnected';
    for (const handler of this.closed) handler(undefined);
  }

  async invoke(method: string, ...args: unknown[]): Promise<unknown> {
    if (this.state !== 'connected') throw new Error(`not connected: ${method}`);
    this.received.push({ method, args });
    return this.answers.get(method)?.(args);
  }

  on(message: string, handler: HubMessageHandler): void {
    this.handlers.set(message, [...(this.handlers.get(message) ?? []), handler]);
  }

  onReconnecting(handler: (error?: Error) => void): void {
    this.reconnecting.push(handler);
  }

  onReconnected(handler: () => void): void {
    this.reconnected.push(handler);
  }

  onClose(handler: (error?: Error) => void): void {
    this.closed.push(handler);
  }

  /** The server pushes a message. */
  emit(message: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(message) ?? []) handler(...args);
  }

  /** The connection drops; the client reconnects by itself. */
  drop(error = new Error('WebSocket closed with status code: 1006')): void {
    this.state = 'reconnecting';
    for (const handler of this.reconnecting) handler(error);
  }

  /** A reconnect attempt succeeded (with a new connection id on a real server). */
  restore(): void {
    this.state = 'connected';
    for (const handler of this.reconnected) handler();
  }

  /** The connection closes for good (e.g. server Close without allowReconnect). */
  close(error?: Error): void {
    this.state = 'disconnected';
    for (const handler of this.closed) handler(error);
  }

  /** Keys sent with `method`, in order, flattened over batches. */
  keysSent(method: string): string[] {
    return this.received
      .filter((r) => r.method === method)
      .flatMap((r) => (Array.isArray(r.args[0]) ? (r.args[0] as string[]) : []));
  }

  calls(method: string): Invocation[] {
    return this.received.filter((r) => r.method === method);
  }
}

export class FakeHubs {
  private readonly hubs = new Map<HubName, FakeHub>();
  readonly factory: HubTransportFactory = (hub) => this.hub(hub);

  hub(name: HubName): FakeHub {
    let hub = this.hubs.get(name);
    if (!hub) {
      hub = new FakeHub(name);
      this.hubs.set(name, hub);
    }
    return hub;
  }
}
