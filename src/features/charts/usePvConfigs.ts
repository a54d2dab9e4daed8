/**
 * The PV configs of a chart's series (names, dimensions, decimals, limits, state texts: SPEC
 * §3 "PV config"), by PV key, and whether they were asked for yet: the chart is made once they
 * are known. Without configs the chart still draws, named by PV ids. Configs that come while
 * chart data drawn on arrival waits for its frame follow that frame (drawnFrame.ts).
 */
import { useEffect, useState } from 'react';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig, PvRef } from '../../contract/pv.ts';
import { useLiveClient } from '../../live/index.ts';
import { afterDrawnFrame } from './drawnFrame.ts';

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
    const apply = (map: ReadonlyMap<string, PvConfig> | null) =>
      afterDrawnFrame(() => {
        if (!live) return;
        if (map) setPvConfigs(map);
        setConfigsReady(true);
      });
    client.getPvConfigs([...pvs]).then(
      (results) => {
        const map = new Map<string, PvConfig>();
        results.forEach((r, i) => {
          const pv = pvs[i];
          if (r.state === 'ready' && pv) map.set(pvKey(pv), r.config);
        });
        apply(map);
      },
      // Without configs the chart still draws, named by PV ids.
      () => apply(null),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by pvsKey
  }, [client, pvsKey]);
  return { pvConfigs, configsReady };
}
