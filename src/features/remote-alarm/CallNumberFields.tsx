/**
 * One row of the call-number editor: name, number, category and the stations (PV groups)
 * whose alarms the number receives, with the messages of the rules it breaks — the client's
 * (RA10, RA11) and those the server sent back — beside their inputs. A row changed by
 * someone else meanwhile shows the server's version, keeping what the user typed.
 */
import { useId } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import { isPending, type CallNumberDraft } from '../../domain/callNumberDrafts.ts';
import type { RuleMessage } from '../../domain/validation/ruleMessage.ts';
import { Button, Field, StatusBadge } from '../../ui/index.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import { groupsText } from './RemoteAlarmLinks.tsx';

export interface CallNumberFieldsProps {
  row: CallNumberDraft;
  data: AlarmCallNumbersResult;
  busy: boolean;
  /** The user may change this number at all (RS5). */
  editable: boolean;
  /** The user may add or remove this station's group (RS9). */
  mayGroup: (stationNumber: number) => boolean;
  errors: readonly RuleMessage[];
  serverIssues: readonly { field: string; text: string }[];
  changedText: string | null;
  onChange: (patch: Partial<CallNumberDraft>) => void;
  onDiscard: () => void;
}

export function CallNumberFields({
  row,
  data,
  busy,
  editable,
  mayGroup,
  errors,
  serverIssues,
  changedText,
  onChange,
  onDiscard,
}: CallNumberFieldsProps) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const groupsId = useId();
  const pending = isPending(row);
  const errorOf = (field: string) => {
    const texts = [
      ...errors.filter((m) => m.field === field).map(ruleText),
      ...serverIssues.filter((i) => i.field === field).map((i) => i.text),
    ];
    return texts.length > 0 ? texts.join(' ') : undefined;
  };
  const groupsError = errorOf('pvGroups');
  const toggleGroup = (id: number) =>
    onChange({
      pvGroups: row.pvGroups.includes(id)
        ? row.pvGroups.filter((g) => g !== id)
        : [...row.pvGroups, id],
    });
  const label = row.name.trim() || t('remoteAlarm.edit.newNumber');

  return (
    <li
      className={`record-card callnumber-edit${pending ? ' is-pending' : ''}${row.conflict ? ' is-conflict' : ''}`}
      data-edit-number={row.id || row.key}
      data-pending={pending || undefined}
    >
      <div className="record-head">
        {pending ? (
          <StatusBadge tone="info" icon="warning">
            {row.id === 0 ? t('remoteAlarm.edit.pendingNew') : t('remoteAlarm.edit.pendingChange')}
          </StatusBadge>
        ) : (
          <span className="muted">{changedText}</span>
        )}
        {(pending || row.conflict) && (
          <Button variant="quiet" size="small" disabled={busy} onClick={onDiscard}>
            {row.id === 0
              ? t('remoteAlarm.edit.remove')
              : row.conflict
                ? t('remoteAlarm.edit.takeServer')
                : t('remoteAlarm.edit.undo')}
            <span className="visually-hidden"> {label}</span>
          </Button>
        )}
      </div>
      {row.conflict && (
        <p className="outcome outcome-error callnumber-conflict" role="note">
          {t('remoteAlarm.edit.changedMeanwhile', {
            user: row.conflict.changedBy,
            name: row.conflict.name,
            number: row.conflict.number,
          })}
        </p>
      )}
      {!editable && <p className="plan-readonly">{t('remoteAlarm.numbers.notYours')}</p>}
      <fieldset className="record-fields" disabled={busy || !editable}>
        <legend className="visually-hidden">{label}</legend>
        <Field label={t('remoteAlarm.edit.name')} required error={errorOf('name')}>
          {(p) => (
            <input
              {...p}
              className="input"
              maxLength={120}
              autoComplete="off"
              value={row.name}
              onChange={(e) => onChange({ name: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('remoteAlarm.edit.number')}
          required
          error={errorOf('number')}
          help={t('remoteAlarm.edit.numberHelp')}
        >
          {(p) => (
            <input
              {...p}
              className="input"
              type="tel"
              inputMode="tel"
              maxLength={40}
              autoComplete="off"
              value={row.number}
              onChange={(e) => onChange({ number: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('remoteAlarm.edit.category')} error={errorOf('categoryId')}>
          {(p) => (
            <select
              {...p}
              className="input"
              value={row.categoryId}
              onChange={(e) => onChange({ categoryId: Number(e.target.value) })}
            >
              {data.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset
          className={`callnumber-groups-field${groupsError ? ' field-invalid' : ''}`}
          aria-describedby={groupsError ? `${groupsId}-error` : undefined}
        >
          <legend className="field-label">
            {t('remoteAlarm.edit.groups')}
            <span className="field-required" title={t('ui.field.required')}>
              {' *'}
            </span>
          </legend>
          <details>
            <summary>
              {row.pvGroups.length === 0
                ? t('remoteAlarm.edit.noGroups')
                : groupsText(row, data, t('remoteAlarm.numbers.allStations'))}
            </summary>
            <div className="callnumber-group-grid">
              {data.pvGroups.map((g) => (
                <label key={g.id}>
                  <input
                    type="checkbox"
                    checked={row.pvGroups.includes(g.id)}
                    disabled={!mayGroup(g.stationNumber)}
                    onChange={() => toggleGroup(g.id)}
                  />{' '}
                  {g.name}
                </label>
              ))}
            </div>
          </details>
          {groupsError && (
            <p id={`${groupsId}-error`} className="field-error">
              {groupsError}
            </p>
          )}
        </fieldset>
      </fieldset>
    </li>
  );
}
