/** A PV row of the set-values and counters tables: its key, its live value and how it shows. */
import { useFormat } from '../../app/useFormat.ts';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig } from '../../contract/pv.ts';
import { formatPvValue } from '../../domain/pvFormat.ts';
import { usePvValue } from '../../live/index.ts';

export function usePvRow(config: PvConfig) {
  const format = useFormat();
  const value = usePvValue(config.pvRef);
  return {
    key: pvKey(config.pvRef),
    value,
    shown: value ? formatPvValue(value, config, format.locale) : null,
  };
}
