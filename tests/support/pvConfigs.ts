/** A PV's configuration for tests: a plain PV of station 1, with what the test cares about. */
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';

export function pvConfigOf(pvRef: PvRef, extra: Partial<PvConfig> = {}): PvConfig {
  return {
    pvRef,
    name: 'PV',
    eksNr: '',
    subtype: '',
    dimension: '',
    decimalPlaces: 1,
    hasArchiveData: false,
    stationNumber: 1,
    stationName: 'S',
    domainConfig: null,
    digiDisplayConfig: null,
    anaLimitConfig: null,
    alertInputConfig: null,
    ...extra,
  };
}
