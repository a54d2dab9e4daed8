/** Frames as the engine sends them to a tab (workers/engineProtocol.ts), for tests of the tab side. */
import type { StationLiveData } from '../../src/contract/station.ts';
import type { Frame } from '../../workers/engineProtocol.ts';

/** A frame that changes nothing but what `part` gives. */
export function liveFrame(part: Partial<Frame> = {}): Frame {
  return {
    type: 'frame',
    full: false,
    pvValues: [],
    pvConfigs: [],
    stations: [],
    items: [],
    lastDataAt: null,
    ...part,
  };
}

/** A frame with one station's live data: no dial-up yet, its line connected unless `station` says otherwise. */
export function stationFrame(
  station: Pick<StationLiveData, 'stationNumber' | 'name' | 'timestamp'> & Partial<StationLiveData>,
): Frame {
  return liveFrame({
    stations: [{ lastConnection: null, dialCounters: null, dialState: 'Connected', ...station }],
  });
}
