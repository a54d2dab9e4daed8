/**
 * A failure input's acknowledgement (SPEC §1 "acknowledge failure inputs", §7 "PV acks"):
 * who acknowledged it last and when, live from the pv hub (`newAck`), so an acknowledgement
 * made in another tab or by another user shows at once; and the acknowledge action for
 * users with the ackFailureInputs right on the input's station (read-only with the reason
 * otherwise). Shown on the alert history of a failure input.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { NetworkError } from '../../api/http.ts';
import { failureText } from '../../app/failureText.ts';
import { useFormat } from '../../app/useFormat.ts';
import { pvKey } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import {
  pvActionResultDialog,
  ruleMessage,
  RESULT_KEYS,
  type ResultDialog,
} from '../../domain/validation/index.ts';
import { useLiveItemState } from '../../live/index.ts';
import { Button, Icon, Panel } from '../../ui/index.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { ReadOnlyNote, useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { ackFailureInputs } from '../shared/alarm/alertsApi.ts';

export function FailureInputAck({ pvRef, station }: { pvRef: PvRef; station: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const live = useLiveItemState('pvAck', pvKey(pvRef));
  const access = useWriteAccess('ackFailureInputs', station);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<ResultDialog | null>(null);
  const ack = live.state === 'done' || live.state === 'error' ? live.item : null;

  async function acknowledge() {
    setBusy(true);
    try {
      setDialog(pvActionResultDialog('ackFailureInputs', await ackFailureInputs([pvRef])));
    } catch (error) {
      setDialog({
        severity: 'error',
        title: ruleMessage(RESULT_KEYS.failureInputNotAcknowledged),
        message: ruleMessage(RESULT_KEYS.networkError),
        detail: error instanceof NetworkError ? null : failureText(error),
        sections: [],
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('alerts.inputAck.title')} className="failure-input-ack">
      <p data-pv-ack={ack ? 'acknowledged' : 'none'} role="status">
        {ack ? (
          <>
            <Icon name="check" />{' '}
            {t('alerts.inputAck.last', {
              user: ack.acknowledgedBy,
              time: format.dateTime(ack.acknowledgedAt, { seconds: false }),
            })}
          </>
        ) : (
          t('alerts.inputAck.none')
        )}
      </p>
      {live.state === 'error' && (
        <p className="history-note" role="status">
          <Icon name="warning" /> {t('alerts.inputAck.notLive', { error: live.error })}
        </p>
      )}
      {access.may ? (
        <Button icon="check" disabled={busy} onClick={() => void acknowledge()}>
          {t('alerts.inputAck.ack')}
        </Button>
      ) : (
        <ReadOnlyNote access={access} />
      )}
      <ActionResultDialog dialog={dialog} onClose={() => setDialog(null)} />
    </Panel>
  );
}
