/**
 * What a click on a bound element of a process image opens: the PV with its live value and
 * the actions that fit it (SPEC §2 "Navigation targets used by actions"): its trend, its
 * machine data sheet, its station page, acknowledging a failure there, its operator actions
 * (the same dialogs as on the station page) and dialling the station. A machine's symbol bound
 * to its running feedback shows the machine: the feedback's state in words and the commands
 * of its outputs, through the same confirm step as Bedienen.
 */
import { PvAlarmDetails } from '../shared/alarm/PvAlarmDetails.tsx';
import { Link } from 'react-router';
import { ActionLink } from '../../app/actions/ActionLink.tsx';
import { useTranslation } from '../../app/useTranslation.ts';
import { pvUrlId } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import {
  pvStationNumber,
  usePvConfig,
  usePvValue,
  useStationConnection,
} from '../../live/index.ts';
import { Button, Dialog, StaleNote, cx, staleValueClass } from '../../ui/index.ts';
import { formatPvValue, withUnit } from '../../domain/pvFormat.ts';
import { valueStanding } from '../../domain/valueStanding.ts';
import { useFormat } from '../../app/useFormat.ts';
import { DigiOutCommands } from '../shared/actions/DigiOutCommands.tsx';
import {
  MachineCommands,
  signalName,
  useMachineCommands,
} from '../shared/actions/MachineCommands.tsx';
import { machineName } from '../../domain/machineCommands.ts';
import type { CommandWatch } from '../shared/actions/commandFeedback.ts';

export interface PvActionsDialogProps {
  pv: PvRef;
  /** The machine's command outputs the image names beside the feedback (`data-command`). */
  commands?: readonly PvRef[];
  onClose: () => void;
  onDial: (stationNumber: number) => void;
  /**
   * Opens the operator actions (set value, limits, priority, runtimes, counter) of the PV,
   * or of one of its machine's outputs.
   */
  onOperate: (pv?: PvRef) => void;
  /** A digital output's command was sent (its notice). */
  onDone?: (message: string, watch?: CommandWatch | null) => void;
}

export function PvActionsDialog({
  pv,
  commands: named,
  onClose,
  onDial,
  onOperate,
  onDone,
}: PvActionsDialogProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const config = usePvConfig(pv);
  const value = usePvValue(pv);
  const cfg = config.state === 'ready' ? config.config : undefined;
  const connection = useStationConnection(pvStationNumber(pv, cfg));
  const formatted = value ? formatPvValue(value, cfg, locale) : null;
  const id = pvUrlId(pv);
  const station = cfg?.stationNumber;
  const failure = value?.typeOfValue === 'FailureStateValue';
  // An output shows its own commands below; a feedback shows its machine's.
  const found = useMachineCommands(pv.type === 'DigiOut' ? undefined : cfg, named);
  const commands = pv.type === 'DigiOut' ? [] : (found ?? []);
  const machine = cfg && commands.length > 0 ? machineName(cfg.name) : null;
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={machine ?? (cfg ? cfg.name : t('processImages.actions.title'))}
      className="pi-actions-dialog"
    >
      <p className="pi-actions-value">
        {machine && cfg && <span className="pi-actions-signal">{signalName(cfg)}:</span>}
        <span
          className={cx('pi-actions-number', staleValueClass(valueStanding(value, connection)))}
        >
          {withUnit(formatted?.text, formatted?.unit)}
        </span>
        <StaleNote value={value} connection={connection} />
      </p>
      {cfg && (
        <p className="pi-actions-facts">
          {cfg.stationName} · {id}
        </p>
      )}
      <PvAlarmDetails pv={pv} decimals={cfg?.decimalPlaces ?? 2} unit={cfg?.dimension ?? ''} />
      {cfg && pv.type === 'DigiOut' && (
        <DigiOutCommands config={cfg} value={value} onDone={(m, w) => onDone?.(m, w)} />
      )}
      {commands.length > 0 && (
        <MachineCommands
          commands={commands}
          onDone={(m, w) => onDone?.(m, w)}
          onSetValue={(output) => onOperate(output)}
        />
      )}
      <ul className="pi-actions" aria-label={t('processImages.actions.title')}>
        <li>
          <ActionLink target={{ kind: 'realtimeTrend', pvs: [pv] }} onFollow={onClose}>
            {t('processImages.actions.trend')}
          </ActionLink>
        </li>
        <li>
          <ActionLink target={{ kind: 'machineDatasheet', pv }} onFollow={onClose}>
            {t('processImages.actions.datasheet')}
          </ActionLink>
        </li>
        {station !== undefined && failure && (
          <li>
            <Link to={`/stations/${station}`} onClick={onClose}>
              {t('processImages.actions.ackFailure')}
            </Link>
          </li>
        )}
        {station !== undefined && (
          <li>
            <Link to={`/stations/${station}`} onClick={onClose}>
              {t('processImages.actions.station')}
            </Link>
          </li>
        )}
      </ul>
      <div className="pi-actions-buttons">
        <Button
          variant={commands.length > 0 ? 'secondary' : 'primary'}
          icon="keyboard"
          onClick={() => onOperate()}
        >
          {t('processImages.actions.operate')}
        </Button>
        {station !== undefined && (
          <Button icon="phone" onClick={() => onDial(station)}>
            {t('processImages.actions.dial')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
