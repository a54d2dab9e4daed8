import { useEffect, useRef } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { StationRef } from '../../contract/station.ts';
import type { DialOutcome } from './dialActions.ts';

/** SPEC §8 'Aktion konnte nicht durchgeführt werden', listing every refused station by kind. */
export function DialResultDialog({
  outcome,
  stationName,
  onClose,
}: {
  outcome: DialOutcome;
  stationName: (nr: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const list = (label: string, items: StationRef[] | undefined) =>
    items && items.length > 0 ? (
      <div className="result-group">
        <h3>{label}</h3>
        <ul>
          {items.map((s) => (
            <li key={s.stationNumber}>
              {s.stationNumber} {stationName(s.stationNumber)}
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  const r = outcome.result;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="dial-result-title" onClose={onClose}>
      <h2 id="dial-result-title">{t('stations.dial.failedTitle')}</h2>
      {outcome.error && <p className="dialog-error">{outcome.error}</p>}
      {list(t('stations.dial.unauthorized'), r?.unauthorized)}
      {list(t('stations.dial.notCallable'), r?.notCallable)}
      {list(t('stations.dial.missing'), r?.missing)}
      <div className="dialog-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => ref.current?.close()}
          autoFocus
        >
          {t('stations.dial.close')}
        </button>
      </div>
    </dialog>
  );
}
