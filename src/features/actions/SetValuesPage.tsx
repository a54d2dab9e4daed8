/**
 * Set process variables (SPEC §2): the AnaOut and DigiOut PVs of one station with their live
 * values; the user enters new values for several and sends them together. Every rule of
 * SPEC §5 "Value entry" is checked first; on any violation nothing is sent; a failed save
 * keeps every entry.
 */
import { memo, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig } from '../../contract/pv.ts';
import {
  buildPvSetRequest,
  DIGITAL_INVERT,
  isSettable,
  type SetValueInput,
} from '../../domain/validation/valueEntry.ts';
import {
  pvActionResultDialog,
  valueSetAction,
  type ResultDialog,
} from '../../domain/validation/resultDialogs.ts';
import { withUnit } from '../../domain/pvFormat.ts';
import { useFormat } from '../../app/useFormat.ts';
import { Button, PvValueText, TableHead } from '../../ui/index.ts';
import { addNotice } from '../../app/noticeStack.ts';
import { commandWatch } from '../shared/actions/commandFeedback.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { setPvValues } from '../shared/actions/actionsApi.ts';
import { PvInfo } from '../shared/actions/PvInfo.tsx';
import { analogueEntry, analogueTarget } from '../shared/actions/actionRules.ts';
import { decimalMarkOf } from '../../domain/validation/valueEntry.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import { StationPvPage } from './StationPvPage.tsx';
import { usePvRow } from './usePvRow.ts';
import { useStationPvConfigs } from './useStationPvConfigs.ts';
import { useCommandConfirm, type CommandChange } from '../shared/actions/CommandConfirm.tsx';
import { ReadOnlyNote, useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import '../shared/actions/actions.css';

interface Live {
  current: boolean | null;
  isTime: boolean;
  /** The value as shown, with its unit, for the confirm step. */
  shown: string;
}

export function SetValuesPage() {
  const { t } = useTranslation();
  const text = useRuleText();
  const pvs = useStationPvConfigs(isSettable);
  const { station, stations, list, nameOf } = pvs;
  const [entries, setEntries] = useState<Map<string, string>>(new Map());
  // One handler for every row, so that typing renders only the row typed in (rows are memoised).
  const enter = useCallback(
    (key: string, value: string) => setEntries((m) => new Map(m).set(key, value)),
    [],
  );
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);
  const live = useRef(new Map<string, Live>());
  const confirm = useCommandConfirm();
  const access = useWriteAccess('writePvs', station);
  const format = useFormat();

  const stationList = stations.state === 'ready' ? stations.data : [];
  const clear = () => {
    setEntries(new Map());
    setErrors(new Map());
    setBanner(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const inputs: SetValueInput[] = [];
    const problems = new Map<string, string>();
    for (const config of list) {
      const key = pvKey(config.pvRef);
      const entry = entries.get(key);
      if (entry === undefined || entry === '') continue;
      const state = live.current.get(key);
      if (config.pvRef.type === 'DigiOut') {
        const target = entry === 'invert' ? DIGITAL_INVERT : entry === 'on';
        inputs.push({ pvRef: config.pvRef, target, current: state?.current ?? null });
        continue;
      }
      const read = analogueTarget(entry, state?.isTime ?? false, decimalMarkOf(format.locale));
      if (!read.ok) problems.set(key, text(read.message));
      else inputs.push({ pvRef: config.pvRef, target: read.target, domain: config.domainConfig });
    }
    if (problems.size === 0 && inputs.length === 0) {
      setErrors(problems);
      return setBanner(t('actions.setValues.nothingEntered'));
    }
    // Every error of the form at once (issue 12): the entries that could be read are checked
    // against their domains even while another entry cannot be read.
    const build = inputs.length > 0 ? buildPvSetRequest(inputs) : null;
    if (problems.size > 0 || !build || !build.ok) {
      if (build && !build.ok) {
        for (const v of build.violations)
          problems.set(
            pvKey(v.pvRef),
            [text(v.message), v.range ? text(v.range) : ''].join(' ').trim(),
          );
        for (const ref of build.unknownCurrent) problems.set(pvKey(ref), text(build.message));
      }
      setErrors(problems);
      return setBanner(build && !build.ok ? text(build.message) : null);
    }
    setErrors(new Map());
    setBanner(null);
    const stationName = stationList.find((s) => s.id === station)?.name ?? '';
    const sentConfigs = build.items.map((item) =>
      list.find((c) => pvKey(c.pvRef) === pvKey(item.pvRef))!,
    );
    const changes: CommandChange[] = build.items.map((item, i) => {
      const config = sentConfigs[i]!;
      const key = pvKey(item.pvRef);
      const entry = entries.get(key) ?? '';
      let to: string;
      if (item.typeOfValue === 'BoolValue') {
        const on = config.digiDisplayConfig?.stateActiveText || t('actions.setValue.on');
        const off = config.digiDisplayConfig?.stateInactiveText || t('actions.setValue.off');
        to = item.boolValue ? on : off;
      } else if (item.typeOfValue === 'DoubleValue') {
        to = withUnit(
          new Intl.NumberFormat(format.locale, { maximumFractionDigits: 10 }).format(
            item.doubleValue,
          ),
          config.dimension,
        );
      } else to = entry.trim();
      return {
        pv: config.name,
        station: `${station} ${stationName}`.trim(),
        from: live.current.get(key)?.shown ?? '—',
        to,
      };
    });
    const ok = await confirm.ask({
      title: t('safeOps.confirm.title'),
      confirmLabel: t('safeOps.confirm.send'),
      changes,
    });
    if (!ok) return;
    setBusy(true);
    const answer = await setPvValues(build.items);
    setBusy(false);
    const dialog = pvActionResultDialog(valueSetAction(build.items), answer);
    if (dialog) return setResult(dialog);
    setEntries(new Map());
    // Each output sent is followed until the plant reports its new value (a time of day not).
    const sentAt = Date.now();
    const watches = build.items.flatMap((item, i) => {
      const watch = commandWatch(sentConfigs[i]!, item, changes[i]!.to, sentAt);
      return watch ? [watch] : [];
    });
    addNotice({ message: t('actions.setValues.done', { count: build.items.length }), watches });
  };

  return (
    <StationPvPage
      area="setValues"
      pvs={pvs}
      onStationChange={clear}
      dialogs={
        <>
          <ActionResultDialog
            dialog={result}
            onClose={() => setResult(null)}
            pvName={(item) => nameOf(item.pvRef)}
          />
          {confirm.element}
        </>
      }
    >
      <form className="action-form" onSubmit={submit} noValidate>
        <ReadOnlyNote access={access} />
        {/* Rows disable their own entries: a fieldset would disable the PV info too. */}
        <fieldset className="action-fieldset">
          {banner && (
            <p className="action-errors" role="alert">
              {banner}
            </p>
          )}
          <table className="table set-values-table">
            <TableHead
              columns={[
                t('actions.setValues.colName'),
                { label: t('actions.setValues.colCurrent'), num: true },
                t('actions.setValues.colNew'),
              ]}
            />
            <tbody>
              {list.map((config) => {
                const key = pvKey(config.pvRef);
                return (
                  <SetValueRow
                    key={key}
                    config={config}
                    entry={entries.get(key) ?? ''}
                    error={errors.get(key)}
                    live={live.current}
                    readOnly={!access.may}
                    onChange={enter}
                  />
                );
              })}
            </tbody>
          </table>
          <div className="action-buttons">
            <Button disabled={!access.may} onClick={clear}>
              {t('actions.setValues.clear')}
            </Button>
            <Button variant="primary" type="submit" disabled={busy || !access.may}>
              {busy ? t('actions.common.sending') : t('actions.setValues.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
    </StationPvPage>
  );
}

const SetValueRow = memo(function SetValueRow({
  config,
  entry,
  error,
  live,
  readOnly,
  onChange,
}: {
  config: PvConfig;
  entry: string;
  error: string | undefined;
  /** The user may not set values: the entry is disabled, the PV's info stays open to them. */
  readOnly: boolean;
  live: Map<string, Live>;
  /** Stable across renders (the row is memoised): it names the row by its key. */
  onChange: (key: string, value: string) => void;
}) {
  const { t } = useTranslation();
  const { key, value, shown } = usePvRow(config);
  const { ready, isTime } = analogueEntry(value);
  const shownText = shown ? withUnit(shown.text, shown.unit) : '—';
  // What the page needs to build the request: the current boolean (invert), the kind and
  // the value as shown (for the confirm step).
  useEffect(() => {
    live.set(key, { current: value?.boolValue ?? null, isTime, shown: shownText });
  }, [live, key, value?.boolValue, isTime, shownText]);
  const label = `${config.name}: ${t('actions.setValues.colNew')}`;
  const errorId = `${key}-error`;
  return (
    <tr data-pv={key}>
      <th scope="row">
        <span className="set-values-name">
          {config.name}
          <PvInfo config={config} />
        </span>
        {config.domainConfig && (
          <span className="cell-sub">
            {t('actions.info.domainValue', {
              min: config.domainConfig.min,
              max: config.domainConfig.max,
            })}{' '}
            {config.dimension}
          </span>
        )}
      </th>
      <td className="num value">
        <PvValueText shown={shown} />
      </td>
      <td>
        {config.pvRef.type === 'DigiOut' ? (
          <select
            name={key}
            aria-label={label}
            disabled={readOnly}
            value={entry}
            onChange={(e) => onChange(key, e.target.value)}
          >
            <option value="">{t('actions.setValues.keep')}</option>
            <option value="on">
              {config.digiDisplayConfig?.stateActiveText || t('actions.setValue.on')}
            </option>
            <option value="off">
              {config.digiDisplayConfig?.stateInactiveText || t('actions.setValue.off')}
            </option>
            <option value="invert">{t('actions.setValue.invert')}</option>
          </select>
        ) : (
          <input
            name={key}
            aria-label={label}
            // A time of day takes the browser's localized time picker (24 h in de, cs, ru).
            type={isTime ? 'time' : 'text'}
            inputMode={isTime ? undefined : 'decimal'}
            autoComplete="off"
            disabled={readOnly || !ready}
            value={entry}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(key, e.target.value)}
          />
        )}
        {error && (
          <span id={errorId} className="field-error">
            {error}
          </span>
        )}
      </td>
    </tr>
  );
});
