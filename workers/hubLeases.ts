/**
 * Leased keys per hub (DESIGN.md "Leases are counted", CH1-CH2): the first key of a hub
 * acquires its channel, the last one releases it.
 */
import type { HubName } from '../src/contract/hubs.ts';

export class HubLeases {
  private readonly counts = new Map<HubName, number>();
  private readonly releases = new Map<HubName, () => void>();

  /** `acquire` opens the hub's channel (or keeps it open) and returns its release. */
  constructor(private readonly acquire: (hub: HubName) => () => void) {}

  added(hub: HubName): void {
    const count = (this.counts.get(hub) ?? 0) + 1;
    this.counts.set(hub, count);
    if (count === 1) this.releases.set(hub, this.acquire(hub));
  }

  removed(hub: HubName): void {
    const count = (this.counts.get(hub) ?? 1) - 1;
    this.counts.set(hub, count);
    if (count !== 0) return;
    this.releases.get(hub)?.();
    this.releases.delete(hub);
  }
}
