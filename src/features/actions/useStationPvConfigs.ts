/**
 * The station chosen on a station-wide action page (kept as ?station=NR) and the configs
 * of those of its PVs the page acts on, with the stations to choose from.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig, PvRef } from '../../contract/pv.ts';
import { fetchPvNodes, fetchStations } from '../../api/stations.ts';
import { loadPvConfigs } from '../shared/actions/actionsApi.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';

/** `wanted` must be stable (a module-level function): it is not a dependency of the load. */
export function useStationPvConfigs(wanted: (ref: PvRef) => boolean) {
  const [params, setParams] = useSearchParams();
  const station = params.get('station') === null ? null : Number(params.get('station'));
  const [stations, retryStations] = usePageQuery(pageKeys.stations, (signal) =>
    fetchStations(signal),
  );
  const [configs, retryConfigs] = usePageQuery(
    pageKeys.stationPvConfigs(station),
    async (signal): Promise<PvConfig[]> => {
      if (station === null) return [];
      const node = (await fetchPvNodes(signal)).find((n) => n.stationNumber === station);
      const refs = (node?.pvs ?? []).filter(wanted);
      return refs.length ? loadPvConfigs(refs, signal) : [];
    },
  );
  const list = useMemo(() => (configs.state === 'ready' ? configs.data : []), [configs]);
  return {
    station,
    setStation: (next: number | null) => setParams(next === null ? {} : { station: String(next) }),
    stations,
    retryStations,
    configs,
    retryConfigs,
    list,
    nameOf: (ref: PvRef) => list.find((c) => pvKey(c.pvRef) === pvKey(ref))?.name,
  };
}
