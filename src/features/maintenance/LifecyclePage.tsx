/**
 * The machine life cycle (SPEC §2 "machine life cycle", §3 "Maintenance lifecycle entry"):
 * editors add, change and delete entries; every changed row is marked save-pending and one
 * save sends the whole batch. A save that fails says so ('not saved: life cycle', SPEC §8)
 * and keeps every row as typed. Viewers read the entries without controls.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { SERVICE_MESSAGE_TYPES } from '../../contract/enums.ts';
import { LIFECYCLE_KINDS, type LifecycleEntry } from '../../contract/maintenance.ts';
import type { PvRef } from '../../contract/pv.ts';
import {
  applySaveResult,
  buildSaveRequest,
  draftOf,
  isPending,
  newDraft,
  validateDraft,
  type LifecycleDraft,
} from '../../domain/maintenance.ts';
import type { RuleMessage } from '../../domain/validation/ruleMessage.ts';
import { useFormat } from '../../app/useFormat.ts';
import { PlantZoneGate } from '../../app/PlantZoneGate.tsx';
import { Button, EmptyState, Field, LoadingState, Panel, StatusBadge } from '../../ui/index.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import { PlantDateField } from '../shared/PlantDateFieldLazy.tsx';
import { instantOfWall } from '../shared/wallTime.ts';
import { useSession } from '../shared/sessionStore.ts';
import { MachineFrame } from './MachineFrame.tsx';
import { loadLifecycle, saveLifecycle } from './maintenanceApi.ts';
import { loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { failureText } from '../../app/failureText.ts';

export function LifecyclePage() {
  return <MachineFrame view="lifecycle">{({ ref }) => <Lifecycle pvRef={ref} />}</MachineFrame>;
}

function Lifecycle({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const [list, reloadList] = usePageQuery(
    pageKeys.maintenance.lifecycle(pvRef),
    (s) => loadLifecycle(pvRef, s),
    { fresh: true },
  );
  return (
    <LoadingState
      status={loadStatus(list)}
      onRetry={reloadList}
      errorMessage={t('maintenance.lifecycle.loadFailed')}
    >
      {list.data &&
        (list.data.currentUserCanEdit ? (
          <PlantZoneGate>
            {(zone) => <LifecycleEditor pvRef={pvRef} entries={list.data!.entries} zone={zone} />}
          </PlantZoneGate>
        ) : (
          <LifecycleReadOnly entries={list.data.entries} />
        ))}
    </LoadingState>
  );
}

function LifecycleReadOnly({ entries }: { entries: LifecycleEntry[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (entries.length === 0)
    return (
      <EmptyState
        title={t('maintenance.lifecycle.noneTitle')}
        reason={t('maintenance.lifecycle.noneViewer')}
      />
    );
  return (
    <Panel title={t('maintenance.lifecycle.title')}>
      <p className="read-only-note">{t('maintenance.lifecycle.readOnly')}</p>
      <ol className="record-list lifecycle-list">
        {entries.map((e) => (
          <li key={e.id} className="record-card lifecycle-card">
            <div className="record-head">
              <strong>{t(`maintenance.kind.${e.kind}`)}</strong>
              <span className="muted">{format.dateTime(e.maintenanceTimestamp)}</span>
            </div>
            <p className="lifecycle-text">{e.description}</p>
            <p className="muted">
              {[
                e.performedBy,
                e.serviceMessageType ? t(`maintenance.service.${e.serviceMessageType}`) : null,
                e.runtimeAtEntry !== null
                  ? t('maintenance.lifecycle.atRuntime', {
                      hours: format.number(e.runtimeAtEntry, 0),
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function LifecycleEditor({
  pvRef,
  entries,
  zone,
}: {
  pvRef: PvRef;
  entries: LifecycleEntry[];
  /** The plant's: dates are typed and shown on its clock. */
  zone: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const ruleText = useRuleText();
  const session = useSession();
  const [rows, setRows] = useState<LifecycleDraft[]>(() => entries.map((e) => draftOf(e, zone)));
  const [errors, setErrors] = useState<Map<string, RuleMessage[]>>(new Map());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const pending = useMemo(() => rows.filter((r) => isPending(r, zone)), [rows, zone]);
  const change = (key: string, patch: Partial<LifecycleDraft>) => {
    setOutcome(null);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const add = () => {
    setOutcome(null);
    setRows((rs) => [newDraft(Date.now(), zone, session.user?.displayName ?? ''), ...rs]);
  };

  const save = async () => {
    const found = new Map<string, RuleMessage[]>();
    for (const r of pending) {
      const m = validateDraft(r, Date.now(), zone);
      if (m.length) found.set(r.key, m);
    }
    setErrors(found);
    // A time the plant's clock skips: its field says so, and nothing is saved.
    const skipped = pending.some(
      (r) => !r.deleted && instantOfWall(r.when, zone).problem === 'gap',
    );
    if (found.size || skipped) {
      setOutcome({ ok: false, text: t('maintenance.lifecycle.fixFirst') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await saveLifecycle(buildSaveRequest(pvRef, rows, zone));
      if (result.status !== 'Success') {
        setOutcome({
          ok: false,
          text: t('maintenance.lifecycle.notSaved', { reason: result.message || result.status }),
        });
        return;
      }
      setRows((rs) => applySaveResult(rs, result, zone));
      setOutcome({ ok: true, text: t('maintenance.lifecycle.saved') });
    } catch (err) {
      setOutcome({
        ok: false,
        text: t('maintenance.lifecycle.notSaved', {
          reason: failureText(err),
        }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title={t('maintenance.lifecycle.title')}
      actions={
        <Button icon="check" onClick={add} disabled={busy}>
          {t('maintenance.lifecycle.add')}
        </Button>
      }
    >
      {rows.length === 0 && (
        <EmptyState
          title={t('maintenance.lifecycle.noneTitle')}
          reason={t('maintenance.lifecycle.noneEditor')}
        />
      )}
      <ol className="record-list lifecycle-list">
        {rows.map((row) => {
          const marked = isPending(row, zone);
          const rowErrors = errors.get(row.key) ?? [];
          const errorOf = (field: string) => {
            const m = rowErrors.find((x) => x.field === field);
            return m && marked ? ruleText(m) : undefined;
          };
          return (
            <li
              key={row.key}
              className={`record-card lifecycle-card${marked ? ' is-pending' : ''}${row.deleted ? ' is-deleted' : ''}`}
              data-pending={marked || undefined}
            >
              <div className="record-head">
                {marked ? (
                  <StatusBadge tone="info" icon="warning">
                    {row.deleted
                      ? t('maintenance.lifecycle.pendingDelete')
                      : row.id === null
                        ? t('maintenance.lifecycle.pendingNew')
                        : t('maintenance.lifecycle.pendingChange')}
                  </StatusBadge>
                ) : (
                  <span className="muted">
                    {row.original &&
                      t('maintenance.lifecycle.savedBy', {
                        user: row.original.changedBy,
                        at: format.dateTime(row.original.changedAt),
                      })}
                  </span>
                )}
                <Button
                  variant="quiet"
                  icon={row.deleted ? 'refresh' : 'close'}
                  disabled={busy}
                  onClick={() =>
                    row.id === null && !row.deleted
                      ? setRows((rs) => rs.filter((r) => r.key !== row.key))
                      : change(row.key, { deleted: !row.deleted })
                  }
                >
                  {row.deleted
                    ? t('maintenance.lifecycle.undoDelete')
                    : t('maintenance.lifecycle.delete')}
                </Button>
              </div>
              <fieldset className="record-fields lifecycle-fields" disabled={row.deleted || busy}>
                <legend className="visually-hidden">
                  {row.description || t('maintenance.lifecycle.newEntry')}
                </legend>
                <PlantDateField
                  label={t('maintenance.lifecycle.when')}
                  name="when"
                  required
                  isDisabled={row.deleted || busy}
                  value={row.when}
                  onChange={(when) => change(row.key, { when })}
                  error={errorOf('when')}
                />
                <Field label={t('maintenance.lifecycle.kind')}>
                  {(p) => (
                    <select
                      {...p}
                      className="input"
                      value={row.kind}
                      onChange={(e) =>
                        change(row.key, { kind: e.target.value as LifecycleDraft['kind'] })
                      }
                    >
                      {LIFECYCLE_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {t(`maintenance.kind.${k}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  label={t('maintenance.lifecycle.description')}
                  required
                  error={errorOf('description')}
                  className="lifecycle-wide"
                >
                  {(p) => (
                    <textarea
                      {...p}
                      className="input"
                      rows={2}
                      maxLength={2000}
                      value={row.description}
                      onChange={(e) => change(row.key, { description: e.target.value })}
                    />
                  )}
                </Field>
                <Field label={t('maintenance.lifecycle.performedBy')}>
                  {(p) => (
                    <input
                      {...p}
                      className="input"
                      maxLength={200}
                      value={row.performedBy}
                      onChange={(e) => change(row.key, { performedBy: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={t('maintenance.lifecycle.service')}
                  help={t('maintenance.lifecycle.serviceHelp')}
                >
                  {(p) => (
                    <select
                      {...p}
                      className="input"
                      value={row.serviceMessageType}
                      onChange={(e) =>
                        change(row.key, {
                          serviceMessageType: e.target
                            .value as LifecycleDraft['serviceMessageType'],
                        })
                      }
                    >
                      <option value="">{t('maintenance.lifecycle.noService')}</option>
                      {SERVICE_MESSAGE_TYPES.map((s) => (
                        <option key={s} value={s}>
                          {t(`maintenance.service.${s}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="save-bar lifecycle-savebar">
        {outcome && (
          <p
            className={`outcome outcome-${outcome.ok ? 'ok' : 'error'}`}
            role={outcome.ok ? 'status' : 'alert'}
          >
            {outcome.text}
          </p>
        )}
        <Button
          variant="primary"
          icon="check"
          disabled={pending.length === 0 || busy}
          onClick={() => void save()}
        >
          {pending.length === 0
            ? t('maintenance.lifecycle.nothingToSave')
            : t('maintenance.lifecycle.save', { count: pending.length })}
        </Button>
      </div>
    </Panel>
  );
}
