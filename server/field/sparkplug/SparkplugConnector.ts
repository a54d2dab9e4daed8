/** Sparkplug B over MQTT (plant file `connection.type: sparkplug`); the connector follows. */
import type { Connector, ConnectorSink, FieldScalar, WriteOutcome } from '../connector.ts';
import type {
  ConnectorContext,
  FieldPoint,
  SparkplugConnection,
  SparkplugSource,
} from '../kinds.ts';

export class SparkplugConnector implements Connector {
  readonly points: readonly FieldPoint<SparkplugSource>[];
  constructor(
    connection: SparkplugConnection,
    points: readonly FieldPoint<SparkplugSource>[],
    context: ConnectorContext,
  ) {
    void connection;
    void context;
    this.points = points;
  }
  start(sink: ConnectorSink): void {
    sink.link('down', 'the Sparkplug B connector is not built yet');
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
  write(_pointId: string, _value: FieldScalar): Promise<WriteOutcome> {
    return Promise.resolve({ ok: false, reason: 'the Sparkplug B connector is not built yet' });
  }
}
