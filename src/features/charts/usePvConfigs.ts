/**
 * The PV configs of a chart's series (names, dimensions, decimals, limits, state texts: SPEC
 * §3 "PV config"), by PV key, and whether they were asked for yet: the chart is made once they
 * are known. Without configs the chart still draws, named by PV ids.
 */
import { useEffect, useState } from 'react';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig, PvRef } from '../../contract/pv.ts';
import { useLiveClient } from '../../live/index.ts';

export function usePvConfigs(pvs: readonly PvRef[]): {
  pvConfigs: ReadonlyMap<string, PvConfig>;
  configsReady: boolean;
} {
  const client = useLiveClient();
  const [pvConfigs, setPvConfigs] = useState<ReadonlyMap<string, PvConfig>>(new Map());
  const [configsReady, setConfigsReady] = useState(false);
  const pvsKey = pvs.map(pvKey).join(',');
  useEffect(() => {
    let live = true;
    void client
      .getPvConfigs([...pvs])
      .then((results) => {
        if (!live) return;
        const map = new Map<string, PvConfig>();
        results.forEach((r, i) => {
          const pv = pvs[i];
          if (r.state === 'ready' && pv) map.set(pvKey(pv), r.config);
        });
        setPvConfigs(map);
      })
      // Without configs the chart still draws, named by PV ids.
      .catch(() => undefined)
      .finally(() => {
        if (live) setConfigsReady(true);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by pvsKey
  }, [client, pvsKey]);
  return { pvConfigs, configsReady };
}
