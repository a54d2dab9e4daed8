/** The hub metrics of DESIGN.md "Observability", read by tests and the bench suite. */
import type { Counter, MetricsRegistry } from '../http/metrics.ts';

export interface HubMetricsSource {
  name: string;
  open: ReadonlySet<unknown>;
  keyed: readonly { keyCount: number }[];
}

export class HubMetrics {
  private readonly messages: Counter;
  private readonly frames: Counter;
  private readonly values: Counter;

  constructor(registry: MetricsRegistry, hubs: () => Iterable<HubMetricsSource>) {
    registry.gauge('pegel_hub_connections', 'Open hub connections by hub', ['hub'], (set) => {
      for (const hub of hubs()) set({ hub: hub.name }, hub.open.size);
    });
    registry.gauge(
      'pegel_hub_subscribed_keys',
      'Subscribed keys by hub (distinct keys per subscription kind, summed)',
      ['hub'],
      (set) => {
        for (const hub of hubs()) {
          let n = 0;
          for (const s of hub.keyed) n += s.keyCount;
          set({ hub: hub.name }, n);
        }
      },
    );
    this.messages = registry.counter(
      'pegel_hub_messages_sent_total',
      'Hub messages sent by hub and message (invocation target, completion, ping, close)',
      ['hub', 'message'],
    );
    this.frames = registry.counter('pegel_hub_frames_sent_total', 'Hub frames written by hub', [
      'hub',
    ]);
    this.values = registry.counter(
      'pegel_hub_values_sent_total',
      'Coalesced items (PV values, station data, …) written by hub, one per key per frame',
      ['hub'],
    );
  }

  sent(hub: string, counts: ReadonlyMap<string, number>, values = 0): void {
    for (const [message, n] of counts) this.messages.inc({ hub, message }, n);
    this.frames.inc({ hub });
    if (values > 0) this.values.inc({ hub }, values);
  }
}
