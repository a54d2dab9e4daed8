/**
 * Counter reset (SPEC §2 "counter reset", §3 CounterValue): the counters of one station with
 * their live values; the resetable ones can be chosen and reset together after a question.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig, PvRef, PvValue } from '../../contract/pv.ts';
import {
  buildCounterResetRequest,
  isResettableCounter,
} from '../../domain/validation/counterReset.ts';
import { pvActionResultDialog, type ResultDialog } from '../../domain/validation/resultDialogs.ts';
import { formatPvValue, withUnit } from '../../domain/pvFormat.ts';
import { useFormat } from '../../app/useFormat.ts';
import { Button, PvValueText, TableHead } from '../../ui/index.ts';
import { addNotice } from '../../app/noticeStack.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { resetCounters } from '../shared/actions/actionsApi.ts';
import { CommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { ReadOnlyNote, useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { StationPvPage } from './StationPvPage.tsx';
import { usePvRow } from './usePvRow.ts';
import { useStationPvConfigs } from './useStationPvConfigs.ts';
import '../shared/actions/actions.css';

const isCounter = (ref: PvRef) => ref.type === 'ZaehlWert';

export function CountersPage() {
  const { t } = useTranslation();
  const pvs = useStationPvConfigs(isCounter);
  const { station, stations, list, nameOf } = pvs;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const choose = useCallback((key: string, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);
  const values = useRef(new Map<string, PvValue>());

  const access = useWriteAccess('writeCounters', station);
  const format = useFormat();
  const stationName =
    (stations.state === 'ready' ? stations.data : []).find((s) => s.id === station)?.name ?? '';
  const chosen = () =>
    [...selected].map((key) => values.current.get(key)).filter((v): v is PvValue => !!v);

  const reset = async () => {
    const refs = buildCounterResetRequest(chosen());
    setBusy(true);
    const answer = await resetCounters(refs);
    setBusy(false);
    setAsking(false);
    const dialog = pvActionResultDialog('resetCounters', answer);
    if (dialog) return setResult(dialog);
    setSelected(new Set());
    addNotice({ message: t('actions.counters.done', { count: refs.length }) });
  };

  return (
    <StationPvPage
      area="counters"
      pvs={pvs}
      onStationChange={() => setSelected(new Set())}
      dialogs={
        <>
          <CommandConfirm
            request={
              asking && !busy
                ? {
                    title: t('actions.counter.title'),
                    confirmLabel: t('actions.counter.submit'),
                    danger: true,
                    changes: [...selected].map((key) => {
                      const config = list.find((c) => pvKey(c.pvRef) === key);
                      const value = values.current.get(key);
                      const shown =
                        value && config ? formatPvValue(value, config, format.locale) : null;
                      return {
                        pv: config?.name ?? key,
                        station: `${station ?? ''} ${stationName}`.trim(),
                        from: shown ? withUnit(shown.text, shown.unit) : '—',
                        to: t('safeOps.confirm.resetTo'),
                      };
                    }),
                  }
                : null
            }
            onAnswer={(ok) => (ok ? void reset() : setAsking(false))}
          />
          <ActionResultDialog
            dialog={result}
            onClose={() => setResult(null)}
            pvName={(i) => nameOf(i.pvRef)}
          />
        </>
      }
    >
      <fieldset className="action-fieldset" disabled={!access.may}>
        <ReadOnlyNote access={access} />
        <table className="table counters-table">
          <TableHead
            columns={[
              {
                label: <span className="visually-hidden">{t('actions.counters.choose')}</span>,
              },
              t('actions.setValues.colName'),
              { label: t('actions.counters.value'), num: true },
            ]}
          />
          <tbody>
            {list.map((config) => {
              const key = pvKey(config.pvRef);
              return (
                <CounterRow
                  key={key}
                  config={config}
                  checked={selected.has(key)}
                  values={values.current}
                  onChange={choose}
                />
              );
            })}
          </tbody>
        </table>
        <div className="action-buttons">
          <Button
            variant="danger"
            icon="refresh"
            disabled={selected.size === 0 || busy}
            onClick={() => setAsking(true)}
          >
            {selected.size === 0
              ? t('actions.counter.title')
              : t('actions.counters.submit', { count: selected.size })}
          </Button>
        </div>
      </fieldset>
    </StationPvPage>
  );
}

const CounterRow = memo(function CounterRow({
  config,
  checked,
  values,
  onChange,
}: {
  config: PvConfig;
  checked: boolean;
  values: Map<string, PvValue>;
  /** Stable across renders (the row is memoised): it names the row by its key. */
  onChange: (key: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { key, value, shown } = usePvRow(config);
  useEffect(() => {
    if (value) values.set(key, value);
  }, [values, key, value]);
  const resettable = isResettableCounter(value);
  return (
    <tr data-pv={key}>
      <td>
        <input
          type="checkbox"
          aria-label={config.name}
          checked={checked}
          disabled={!resettable}
          title={resettable ? undefined : t('actions.counters.notResettable')}
          onChange={(e) => onChange(key, e.target.checked)}
        />
      </td>
      <th scope="row">
        {config.name}
        {value && !resettable && (
          <span className="cell-sub">{t('actions.counters.notResettable')}</span>
        )}
      </th>
      <td className="num value">
        <PvValueText shown={shown} />
      </td>
    </tr>
  );
});
