import { pvUrlId } from '../../contract/keys.ts';
import type { PvListEntry } from '../../contract/plant.ts';

/**
 * The options of a PV picker: one per PV of the plant's list, its value the PV's address id
 * (`AnaIn-3`, as in `?pv=`), its text the PV's name.
 */
export function PvOptions({ pvs }: { pvs: readonly PvListEntry[] }) {
  return pvs.map((e) => {
    const id = pvUrlId(e.pvRef);
    return (
      <option key={id} value={id}>
        {e.name}
      </option>
    );
  });
}
