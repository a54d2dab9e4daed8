/**
 * Editing call numbers (SPEC §2 "edit remote alarm call numbers page", §7 GET and POST
 * alarmnumbers, §5 "Forms"): name, number, category and the PV groups (stations) whose alarms
 * a number receives; numbers are added here too. Every changed row is checked before sending
 * (RA10, RA11) and one save sends them all. A save that fails — refused by the server, changed
 * by someone else meanwhile (RS10), or the server not reached — says what failed and keeps
 * every row as typed. Users without the right read the numbers and are told why.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { HttpError } from '../../api/http.ts';
import { failureText } from '../../app/failureText.ts';
import type { AlarmCallNumbersResult } from '../../contract/remoteAlert.ts';
import {
  applySaveResult,
  draftOf,
  editsOf,
  isPending,
  issuesOnRows,
  newDraft,
  validateDrafts,
  type CallNumberDraft,
  type DraftErrors,
} from '../../domain/callNumberDrafts.ts';
import { useFormat } from '../../app/useFormat.ts';
import { Button, EmptyState, LoadingState, Panel, TableHead } from '../../ui/index.ts';
import { useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { useSession } from '../shared/sessionStore.ts';
import { invalidatePageData, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { CallNumberFields } from './CallNumberFields.tsx';
import { groupsText, NumbersReadOnlyNote, RemoteAlarmHeader } from './RemoteAlarmLinks.tsx';
import { fetchNumbers, saveNumbers } from '../shared/remote-alarm/remoteAlarmApi.ts';
import './remoteAlarm.css';

export function NumbersEditPage() {
  const { t } = useTranslation();
  const access = useWriteAccess('writePlans');
  const [loaded, retry] = usePageQuery(pageKeys.remoteNumbers, (signal) => fetchNumbers(signal), {
    fresh: true,
  });
  const data = loaded.state === 'ready' ? loaded.data : null;
  return (
    <div className="page numbers-edit-page">
      <RemoteAlarmHeader current="edit" />
      <NumbersReadOnlyNote access={access} canEdit={data?.currentUserCanEdit} />
      <LoadingState status={loaded.state} onRetry={retry} label={t('remoteAlarm.numbers.loading')}>
        {data &&
          (access.may && data.currentUserCanEdit ? (
            <NumbersEditor data={data} />
          ) : (
            <NumbersReadOnly data={data} />
          ))}
      </LoadingState>
    </div>
  );
}

function NumbersReadOnly({ data }: { data: AlarmCallNumbersResult }) {
  const { t } = useTranslation();
  const category = new Map(data.categories.map((c) => [c.id, c.name]));
  if (data.alarmCallnumbers.length === 0)
    return (
      <EmptyState title={t('remoteAlarm.edit.none')} reason={t('remoteAlarm.edit.noneReason')} />
    );
  return (
    <Panel title={t('remoteAlarm.edit.listTitle')}>
      <table className="table callnumber-table">
        <TableHead
          columns={[
            t('remoteAlarm.edit.name'),
            t('remoteAlarm.edit.number'),
            t('remoteAlarm.edit.category'),
            t('remoteAlarm.edit.groups'),
          ]}
        />
        <tbody>
          {data.alarmCallnumbers.map((n) => (
            <tr key={n.id} data-number={n.id}>
              <th scope="row">{n.name}</th>
              <td className="num">{n.number}</td>
              <td>{category.get(n.categoryId) ?? n.categoryId}</td>
              <td>{groupsText(n, data, t('remoteAlarm.numbers.allStations'))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

type Outcome = { ok: boolean; text: string; detail?: string } | null;
type ServerIssues = Map<string, { field: string; text: string }[]>;

function NumbersEditor({ data }: { data: AlarmCallNumbersResult }) {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const [rows, setRows] = useState<CallNumberDraft[]>(() => data.alarmCallnumbers.map(draftOf));
  const [errors, setErrors] = useState<DraftErrors>(new Map());
  const [serverIssues, setServerIssues] = useState<ServerIssues>(new Map());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(0);
  const pending = useMemo(() => rows.filter(isPending), [rows]);

  // Typed changes are not lost to a closed tab by accident.
  useEffect(() => {
    if (pending.length === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending.length]);

  const change = (key: string, patch: Partial<CallNumberDraft>) => {
    setOutcome(null);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setServerIssues((held) => {
      if (!held.has(key)) return held;
      const next = new Map(held);
      next.delete(key);
      return next;
    });
  };

  const add = () => {
    setOutcome(null);
    nextKey.current += 1;
    const first = data.categories[0]?.id ?? 0;
    setRows((rs) => [...rs, newDraft(`new${nextKey.current}`, first)]);
  };

  const failed = (detail: string) =>
    setOutcome({ ok: false, text: t('remoteAlarm.edit.notSaved'), detail });

  const save = async () => {
    const found = validateDrafts(rows);
    setErrors(found);
    setServerIssues(new Map());
    if (found.size > 0) {
      setOutcome({ ok: false, text: t('remoteAlarm.edit.fixFirst', { count: found.size }) });
      return;
    }
    const { edits, keys } = editsOf(rows);
    if (edits.length === 0) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await saveNumbers(edits);
      setRows((rs) => applySaveResult(rs, result));
      // The numbers changed: the activation page reads them again (the editor keeps its rows).
      void invalidatePageData([pageKeys.callNumbers('activation')]);
      if (result.status === 'Success') {
        setOutcome({ ok: true, text: t('remoteAlarm.edit.saved', { count: edits.length }) });
        return;
      }
      failed(
        result.status === 'Conflict'
          ? t('remoteAlarm.edit.conflict')
          : result.status === 'Unauthorized'
            ? (result.errorMessage ?? t('results.common.insufficientRights'))
            : (result.errorMessage ?? t('results.network.error')),
      );
    } catch (error) {
      if (error instanceof HttpError && error.issues.length > 0) {
        const placed = issuesOnRows(error.issues, keys);
        setServerIssues(placed.rows);
        failed(
          placed.general.length > 0
            ? placed.general.join(' ')
            : placed.rows.size > 0
              ? t('remoteAlarm.edit.serverRefused')
              : error.message,
        );
      } else failed(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title={t('remoteAlarm.edit.listTitle')}
      actions={
        <Button icon="phone" onClick={add} disabled={busy}>
          {t('remoteAlarm.edit.add')}
        </Button>
      }
    >
      <ol className="record-list">
        {rows.map((row) => (
          <CallNumberFields
            key={row.key}
            row={row}
            data={data}
            busy={busy}
            // Who may change which number: the server's answer for each stored number (also
            // those just saved), the user's stations for the groups (RS9).
            editable={row.original?.currentUserCanEdit ?? true}
            mayGroup={(station) => session.mayActOnStation(station)}
            errors={isPending(row) ? (errors.get(row.key) ?? []) : []}
            serverIssues={serverIssues.get(row.key) ?? []}
            changedText={
              row.original
                ? t('remoteAlarm.numbers.changed', {
                    user: row.original.changedBy,
                    at: format.dateTime(row.original.changedAt),
                  })
                : null
            }
            onChange={(patch) => change(row.key, patch)}
            onDiscard={() =>
              row.original
                ? change(row.key, { ...draftOf(row.original), key: row.key })
                : setRows((rs) => rs.filter((r) => r.key !== row.key))
            }
          />
        ))}
      </ol>
      <div className="save-bar callnumber-savebar">
        {outcome && (
          <p
            className={`outcome outcome-${outcome.ok ? 'ok' : 'error'}`}
            role={outcome.ok ? 'status' : 'alert'}
          >
            {outcome.ok ? outcome.text : <strong>{outcome.text}</strong>}
            {outcome.detail && <span className="ra-outcome-detail"> {outcome.detail}</span>}
          </p>
        )}
        <Button
          variant="primary"
          icon="check"
          disabled={pending.length === 0 || busy}
          onClick={() => void save()}
        >
          {pending.length === 0
            ? t('remoteAlarm.edit.nothingToSave')
            : t('remoteAlarm.edit.save', { count: pending.length })}
        </Button>
      </div>
    </Panel>
  );
}
