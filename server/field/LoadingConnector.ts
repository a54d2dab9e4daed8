import type { Connector, ConnectorSink, FieldScalar, WriteOutcome } from './connector.ts';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A connector whose library is loaded only when it starts (OPC UA: node-opcua costs about a
 * second of CPU to import), so a plant without such a station never pays for it. Until the real
 * connector is there the station is connecting and a write is refused as not connected; a library
 * that fails to load is a lost link with its reason, never a crash.
 */
export class LoadingConnector implements Connector {
  private made: Promise<Connector | undefined> | undefined;
  private connector: Connector | undefined;
  private stopped = true;

  constructor(
    private readonly make: () => Promise<Connector>,
    private readonly what: string,
  ) {}

  start(sink: ConnectorSink): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.connector) {
      this.connector.start(sink);
      return;
    }
    sink.link('connecting');
    this.made ??= this.make().then(
      (connector) => {
        this.connector = connector;
        return connector;
      },
      (error: unknown) => {
        if (!this.stopped) sink.link('down', `${this.what} not available: ${messageOf(error)}`);
        return undefined;
      },
    );
    void this.made.then((connector) => {
      if (connector && !this.stopped) connector.start(sink);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const connector = await this.made;
    await connector?.stop();
  }

  async write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    if (!this.connector || this.stopped) return { ok: false, reason: 'not connected' };
    return this.connector.write(pointId, value);
  }
}
