/** A formatted PV value with its unit, or a dash while there is none. */
import type { FormattedPv } from '../domain/pvFormat.ts';

export function PvValueText({ shown }: { shown: FormattedPv | null }) {
  return (
    <>
      {shown ? shown.text : '—'}
      {shown?.unit ? <span className="unit"> {shown.unit}</span> : null}
    </>
  );
}
