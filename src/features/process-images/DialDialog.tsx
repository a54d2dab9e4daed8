/** Dialling a station from a process image (SPEC §2 "Station dial": connect, disconnect, status). */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { StationCallAction } from '../../contract/enums.ts';
import type { StationCallResult } from '../../contract/station.ts';
import { callStations } from '../../api/stations.ts';
import { useStationState } from '../../live/index.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { DialStateBadge } from '../shared/DialStateBadge.tsx';
import { failureText } from '../../app/failureText.ts';

export interface DialDialogProps {
  stationNumber: number;
  onClose: () => void;
}

const ACTIONS: StationCallAction[] = ['Connect', 'Disconnect', 'Status'];

export function DialDialog({ stationNumber, onClose }: DialDialogProps) {
  const { t } = useTranslation();
  const live = useStationState(stationNumber);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const dial = async (action: StationCallAction) => {
    setBusy(true);
    setResult(null);
    try {
      const r: StationCallResult = await callStations({
        action,
        stations: [{ stationNumber }],
      });
      setResult(
        r.status === 'Success'
          ? { ok: true, text: t('processImages.dial.sent') }
          : { ok: false, text: r.errorMessage ?? t('processImages.dial.failed') },
      );
    } catch (err) {
      setResult({ ok: false, text: failureText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={t('processImages.dial.title', { name: live?.name ?? stationNumber })}
      actions={ACTIONS.map((action) => (
        <Button key={action} disabled={busy} onClick={() => void dial(action)}>
          {t(`processImages.dial.${action}`)}
        </Button>
      ))}
    >
      <p>
        {t('processImages.dial.state')}: <DialStateBadge state={live?.dialState} />
      </p>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? '' : 'pi-error'}>
          {result.text}
        </p>
      )}
    </Dialog>
  );
}
