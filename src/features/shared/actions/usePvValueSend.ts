/**
 * How one PV's new value goes to the plant from a dialog or a command button: through the
 * confirm step (the PV, its station, the value now and the one sent), then sent with the
 * button busy meanwhile; a refusal opens the SPEC §8 result dialog (`result`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvSetItem } from '../../../contract/actions.ts';
import type { PvConfig } from '../../../contract/pv.ts';
import type { PvAction } from '../../../domain/validation/resultDialogs.ts';
import { setPvValues } from './actionsApi.ts';
import { useCommandConfirm } from './CommandConfirm.tsx';
import { usePvFormSend, type PvFormSend } from './PvFormDialog.tsx';

export interface PvValueSend extends Omit<PvFormSend, 'send'> {
  /** Asks to change the PV `from` → `to`; on confirm sends `items`, then `onSent` on success. */
  send: (
    action: PvAction,
    items: PvSetItem[],
    change: { from: string; to: string },
    onSent: () => void,
  ) => Promise<void>;
  /** The confirm step, rendered once in the component. */
  confirmElement: ReactNode;
}

export function usePvValueSend(config: PvConfig): PvValueSend {
  const { t } = useTranslation();
  const confirm = useCommandConfirm();
  const sending = usePvFormSend();
  const send: PvValueSend['send'] = async (action, items, change, onSent) => {
    const station = `${config.stationNumber} ${config.stationName}`;
    const ok = await confirm.ask({
      title: t('safeOps.confirm.title'),
      confirmLabel: t('safeOps.confirm.send'),
      changes: [{ pv: config.name, station, ...change }],
    });
    if (ok) await sending.send(action, () => setPvValues(items), onSent);
  };
  return { ...sending, send, confirmElement: confirm.element };
}
