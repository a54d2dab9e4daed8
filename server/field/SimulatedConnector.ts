/**
 * A station of a field plant with no device behind it (connection type `simulated`): each point
 * holds its value or follows a sine, sampled every second, and a write comes back as the new
 * value as a device would report it. For commissioning a plant file before the field is wired.
 */
import type { Connector, ConnectorSink, FieldScalar, WriteOutcome } from './connector.ts';
import type { FieldPoint, SimulatedSource } from './kinds.ts';

export class SimulatedConnector implements Connector {
  private readonly values = new Map<string, FieldScalar>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private sink: ConnectorSink | null = null;

  constructor(private readonly points: readonly FieldPoint<SimulatedSource>[]) {
    for (const p of points) this.values.set(p.id, p.source.value);
  }

  start(sink: ConnectorSink): void {
    this.sink = sink;
    sink.link('up');
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  private sample(): void {
    const now = Date.now();
    this.sink?.samples(
      this.points.map((p) => {
        const sine = p.source.sine;
        const value = sine
          ? sine.min +
            ((sine.max - sine.min) * (1 + Math.sin((2 * Math.PI * now) / (sine.periodS * 1000)))) /
              2
          : this.values.get(p.id)!;
        return { pointId: p.id, value, quality: 'Good' as const, sourceTime: now };
      }),
    );
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return Promise.resolve();
  }

  write(pointId: string, value: FieldScalar): Promise<WriteOutcome> {
    if (!this.values.has(pointId)) return Promise.resolve({ ok: false, reason: 'unknown point' });
    this.values.set(pointId, value);
    this.sink?.samples([{ pointId, value, quality: 'Good', sourceTime: Date.now() }]);
    return Promise.resolve({ ok: true });
  }
}
