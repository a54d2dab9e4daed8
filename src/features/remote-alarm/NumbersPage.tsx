/**
 * Call number activation (SPEC §2 "remote alarm call number activation page", §7
 * alarmnumbers4activation and setalarmnumbersstate, §8 'Error saving callnumbers state'): who
 * is on call now per station, and per category the numbers with their state. Switching a
 * number decides who is woken at night, so it is a command: the confirm step lists every
 * number it changes (in a standby rota the person on call now goes off, RA7) and warns when a
 * station would be left with nobody on call (RA9). In a standby rota the person on call is
 * never switched off, only handed over: the next person takes over (RS14). Read-only, with the
 * reason, for users who may not switch.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { AlarmCallNumber, AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import {
  stationsLeftWithoutOnCall,
  switchesFor,
  type NumberSwitch,
} from '../../domain/remoteAlarm.ts';
import {
  callNumbersResultDialog,
  type ResultDialog,
} from '../../domain/validation/resultDialogs.ts';
import { useFormat } from '../../app/useFormat.ts';
import { Button, LoadingState, Panel, StatusBadge } from '../../ui/index.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { useCommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { OnCallTable } from './OnCallTable.tsx';
import { groupsText, NumbersReadOnlyNote, RemoteAlarmHeader } from './RemoteAlarmLinks.tsx';
import {
  failedNumbersResult,
  fetchNumbersForActivation,
  setNumbersState,
} from '../shared/remote-alarm/remoteAlarmApi.ts';
import { recipientsFingerprint, useCallNumbers } from './useCallNumbers.ts';
import { useLivePlans } from '../shared/remote-alarm/useLivePlans.ts';
import { loadStatus } from '../shared/pageData.ts';
import { useScrollToHash } from './useScrollToHash.ts';
import './remoteAlarm.css';

export function NumbersPage() {
  const { t } = useTranslation();
  const access = useWriteAccess('writePlans');
  const live = useLivePlans();
  const numbers = useCallNumbers(
    fetchNumbersForActivation,
    live.status === 'ready' ? recipientsFingerprint(live.plans) : null,
  );
  const confirm = useCommandConfirm();
  const [dialog, setDialog] = useState<ResultDialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const data = numbers.loaded.data ?? null;
  useScrollToHash(data !== null);

  const stateText = (on: boolean) =>
    on ? t('remoteAlarm.numbers.on') : t('remoteAlarm.numbers.off');

  const onSwitch = async (n: AlarmCallNumber, to: boolean) => {
    if (!data) return;
    const switches = switchesFor(data.alarmCallnumbers, data.categories, n.id, to);
    if (switches.length === 0) return;
    const byId = new Map(data.alarmCallnumbers.map((x) => [x.id, x]));
    const category = data.categories.find((c) => c.id === n.categoryId);
    const left = stationsLeftWithoutOnCall(live.plans, switches);
    // The last number of its group switched off: nobody of the group is called afterwards.
    const lastOfGroup =
      !to &&
      !data.alarmCallnumbers.some(
        (x) => x.categoryId === n.categoryId && x.id !== n.id && x.active,
      );
    const nobody =
      left.length > 0
        ? t('remoteAlarm.numbers.nobodyLeft', {
            stations: left.map((s) => s.stationName).join(', '),
          })
        : null;
    setDone(null);
    const ok = await confirm.ask({
      title: t('remoteAlarm.numbers.confirmTitle'),
      confirmLabel: t('remoteAlarm.numbers.confirmLabel'),
      danger: left.length > 0 || lastOfGroup,
      focusCancel: left.length > 0 || lastOfGroup,
      changes: switches.map((s: NumberSwitch) => {
        const x = byId.get(s.id)!;
        return {
          pv: `${x.name} (${x.number})`,
          where: category?.name ?? '',
          from: stateText(s.from),
          to: stateText(s.to),
        };
      }),
      note: lastOfGroup ? (
        <span data-last-of-group>
          {t('remoteAlarm.numbers.lastOfGroup', {
            group: category?.name ?? '',
            name: n.name,
            number: n.number,
          })}
          {nobody && ` ${nobody}`}
        </span>
      ) : (
        (nobody ?? (switches.length > 1 ? t('remoteAlarm.numbers.standbyNote') : undefined))
      ),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await numbers.write(() => setNumbersState([{ id: n.id, active: to }]));
      setDialog(callNumbersResultDialog('state', result));
      if (result.status === 'Success')
        setDone(
          to
            ? t('remoteAlarm.numbers.switchedOn', { name: n.name })
            : t('remoteAlarm.numbers.switchedOff', { name: n.name }),
        );
    } catch (error) {
      setDialog(
        callNumbersResultDialog('state', failedNumbersResult(error, data.alarmCallnumbers)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page numbers-page">
      <RemoteAlarmHeader current="numbers" />
      <NumbersReadOnlyNote access={access} canEdit={data?.currentUserCanEdit} />
      <Panel title={t('remoteAlarm.numbers.nowTitle')}>
        <LoadingState
          status={live.status}
          onRetry={live.retry}
          label={t('remoteAlarm.loading')}
          errorMessage={t('remoteAlarm.plansFailed')}
        >
          {live.status === 'ready' && <OnCallTable plans={live.plans} />}
        </LoadingState>
      </Panel>
      <p className="numbers-done" role="status">
        {done}
      </p>
      <LoadingState
        status={loadStatus(numbers.loaded)}
        onRetry={numbers.reload}
        label={t('remoteAlarm.numbers.loading')}
      >
        {data && (
          <div className="number-categories">
            {data.categories.map((c) => (
              <Panel key={c.id} title={c.name}>
                <p className="muted numbers-hint">
                  {c.standby
                    ? t('remoteAlarm.numbers.standbyHint')
                    : t('remoteAlarm.numbers.groupHint')}
                </p>
                <ul className="callnumber-list">
                  {data.alarmCallnumbers
                    .filter((n) => n.categoryId === c.id)
                    .map((n) => (
                      <NumberRow
                        key={n.id}
                        number={n}
                        standby={c.standby}
                        data={data}
                        busy={busy}
                        mayEdit={access.may && data.currentUserCanEdit}
                        onSwitch={(to) => void onSwitch(n, to)}
                      />
                    ))}
                </ul>
              </Panel>
            ))}
          </div>
        )}
      </LoadingState>
      {confirm.element}
      <ActionResultDialog dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}

function NumberRow({
  number: n,
  standby,
  data,
  busy,
  mayEdit,
  onSwitch,
}: {
  number: AlarmCallNumber;
  standby: boolean;
  data: AlarmCallNumbersResult;
  busy: boolean;
  mayEdit: boolean;
  onSwitch: (to: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li
      id={`number-${n.id}`}
      className={n.active ? 'callnumber is-on' : 'callnumber'}
      data-number={n.id}
      data-state={n.active ? 'on' : 'off'}
    >
      <div className="callnumber-who">
        <strong>{n.name}</strong> <span className="num">{n.number}</span>
        <span className="callnumber-groups">
          {groupsText(n, data, t('remoteAlarm.numbers.allStations'))}
        </span>
      </div>
      <StatusBadge tone={n.active ? 'info' : 'neutral'} icon={n.active ? 'bell' : 'bellOff'}>
        {n.active ? t('remoteAlarm.numbers.on') : t('remoteAlarm.numbers.off')}
      </StatusBadge>
      <span className="callnumber-changed">
        {t('remoteAlarm.numbers.changed', { user: n.changedBy, at: format.dateTime(n.changedAt) })}
      </span>
      {mayEdit && n.currentUserCanEdit && standby && n.active ? (
        // RS14: the person on call of a rota is never switched off; the next one takes over.
        <span className="callnumber-keep" data-keep>
          {t('remoteAlarm.numbers.onCallKeep')}
        </span>
      ) : mayEdit && n.currentUserCanEdit && standby ? (
        <Button variant="primary" disabled={busy} onClick={() => onSwitch(true)}>
          {t('remoteAlarm.numbers.takeOver')}
          <span className="visually-hidden"> {n.name}</span>
        </Button>
      ) : mayEdit && n.currentUserCanEdit ? (
        <Button
          variant={n.active ? 'secondary' : 'primary'}
          disabled={busy}
          onClick={() => onSwitch(!n.active)}
        >
          {n.active ? t('remoteAlarm.numbers.switchOff') : t('remoteAlarm.numbers.switchOn')}
          <span className="visually-hidden"> {n.name}</span>
        </Button>
      ) : (
        mayEdit && <span className="plan-readonly">{t('remoteAlarm.numbers.notYours')}</span>
      )}
    </li>
  );
}
