/** What the plant needs from a source of PV values: the modelled plant or the load generator. */
import type { Quality } from '../../src/contract/enums.ts';
import type { PvConfig, PvLimitConfig, PvNode, PvRef, PvValue } from '../../src/contract/pv.ts';
import type { PvControl } from './pvBuilder.ts';
import type { StationDef } from './stationCatalog.ts';

export interface ValueEngine {
  readonly stations: readonly StationDef[];
  readonly refs: readonly PvRef[];
  nodes(): PvNode[];
  config(ref: PvRef): PvConfig | undefined;
  limitConfigs(ref: PvRef): readonly PvLimitConfig[];
  valueByKey(key: string): PvValue | undefined;
  /**
   * Advances the process by dtMs to `time` and appends the changed values of reachable
   * stations to `out`; values of unreachable stations stay as they were.
   */
  tick(
    time: number,
    dtMs: number,
    reachable: (stationNumber: number) => boolean,
    out: PvValue[],
  ): void;
  /** Marks the last values of one station (all with null) with a quality, appending them to out. */
  requalify(stationNumber: number | null, quality: Quality, out: PvValue[]): void;
  /** Failure inputs currently active at a station, for the overview. */
  activeFailures(stationNumber: number): number;
  pvCount(stationNumber?: number): number;
  /** Operator controls of a PV (the modelled plant only; the load generator has none). */
  control?(ref: PvRef): PvControl | undefined;
  /** Reads a PV again at once after an operator changed it; appends the value if it changed. */
  resample?(ref: PvRef, time: number, out: PvValue[]): void;
  /** Replaces one limit config of a PV (same PV and limit type); false when there is none. */
  setLimitConfig?(config: PvLimitConfig): boolean;
  /** Sets a failure input's alert priority; the new config, or undefined when it has none. */
  setAlertPriority?(ref: PvRef, priority: number): PvConfig | undefined;
}
