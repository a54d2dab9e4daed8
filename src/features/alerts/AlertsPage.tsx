/**
 * The current alert list (/alerts, live) and the alert message archive (/alerts/archive):
 * one screen over an engine-leased alert view, with sort, filters, selection, acknowledge,
 * delete, failure-input acknowledge and CSV export. Beside the current list: who the focused
 * alert's station reaches by remote alarm now.
 */
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  ALERT_DEFAULT_RANGE_DAYS,
  type Alert,
  type AlertAckResult,
  type AlertQuery,
} from '../../contract/alerts.ts';
import type { PvRef } from '../../contract/pv.ts';
import { shownAckPlan, type ShownAckPlan } from '../../domain/alertSelection.ts';
import type { FilterCondition, FilterGroup } from '../../domain/filters.ts';
import type { Station } from '../../contract/station.ts';
import {
  alertsAckResultDialog,
  pvActionResultDialog,
  ruleMessage,
  RESULT_KEYS,
  type ResultDialog,
} from '../../domain/validation/index.ts';
import { useLinkDown, useLiveClient, type AlertViewSource } from '../../live/index.ts';
import { useAlertWindow } from '../../live/useAlertWindow.ts';
import { useFormat } from '../../app/useFormat.ts';
import { PlantZoneGate } from '../../app/PlantZoneGate.tsx';
import { failureKind, failureText } from '../../app/failureText.ts';
import { Button, ConfirmDialog, EmptyState, PageHeader, Spinner, Toolbar } from '../../ui/index.ts';
import { fetchStations } from '../../api/stations.ts';
import { ackAlerts, ackFailureInputs, deleteAlerts } from '../shared/alarm/alertsApi.ts';
import { AckShownDialog } from './AckShownDialog.tsx';
import { AlertTable, type AlertSortState } from './AlertTable.tsx';
import { downloadText, toCsv } from '../shared/csv.ts';
import { EMPTY_FILTER, FilterBuilder, type FilterColumn } from './FilterBuilder.tsx';
import { RangePicker, rangeOf, type RangeChoice } from './RangePicker.tsx';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { ReadOnlyNote, useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { OnCallSummary } from '../shared/remote-alarm/OnCallSummary.tsx';
import { RemoteAlarmRows } from '../shared/remote-alarm/RemoteAlarmRows.tsx';
import { usePriorityStyles } from '../shared/alarm/usePriorities.ts';
import { useAlarmText } from '../shared/alarm/useAlarmText.ts';
import { useAlertsBenchProbe } from './useAlertsBenchProbe.ts';
import {
  ALERT_FIRST_WINDOW,
  ARCHIVE_DEFAULT_PRESET,
  ARCHIVE_DEFAULT_SORT,
  archiveQuery,
  defaultArchiveNow,
} from './archiveQuery.ts';
import './alerts.css';

// Beside the list, and rendered again only when their own props change, not with every
// frame of the list (a flood brings one a display frame).
const PendingRemoteRows = memo(RemoteAlarmRows);
const OnCallBeside = memo(OnCallSummary);

const URGENCY_SORT: AlertSortState = { column: 'urgency', direction: 'asc' };
/** Grouped by station: the stations in their numbers' order, each group's rows together. */
const STATION_SORT: AlertSortState = { column: 'stationNumber', direction: 'asc' };

/** The quick filters beside the condition builder (they narrow what the builder lets pass). */
interface QuickFilters {
  /** Only alerts whose condition still stands (not returned to normal). */
  active: boolean;
  /** Only priorities 0 and 1. */
  urgent: boolean;
  /** Only this station's alerts (`?station=N`, or chosen). */
  station: number | null;
  /** Rows grouped by station, each group under a head with its counts. */
  group: boolean;
}

function quickConditions(quick: QuickFilters): FilterCondition[] {
  const out: FilterCondition[] = [];
  if (quick.active) out.push({ field: 'cleared', operator: 'eq', value: 0 });
  if (quick.urgent) out.push({ field: 'priority', operator: 'lte', value: 1 });
  if (quick.station !== null)
    out.push({ field: 'stationNumber', operator: 'eq', value: quick.station });
  return out;
}

/** Every station's group in a grouped list: how many alerts it has, how many unacknowledged. */
export interface StationGroupCounts {
  total: number;
  pending: number;
}

const FILTER_COLUMNS: FilterColumn[] = [
  { field: 'text', kind: 'text', labelKey: 'alerts.columns.text' },
  { field: 'stationName', kind: 'text', labelKey: 'alerts.columns.stationName' },
  { field: 'stationNumber', kind: 'number', labelKey: 'alerts.columns.stationNumber' },
  { field: 'sourceName', kind: 'text', labelKey: 'alerts.columns.sourceName' },
  { field: 'priority', kind: 'number', labelKey: 'alerts.columns.priority' },
  { field: 'timestamp', kind: 'date', labelKey: 'alerts.columns.timestamp' },
  { field: 'state', kind: 'text', labelKey: 'alerts.columns.state' },
  { field: 'acknowledgedBy', kind: 'text', labelKey: 'alerts.columns.acknowledgedBy' },
];

/**
 * `/alerts?station=3`: the alerts of one station, as a station's alarm state links to them
 * (StationAlarmLink): the quick filter "station" set to it, shown and cleared like any other.
 */
function stationOfParam(station: string | null): number | null {
  return station !== null && /^\d+$/.test(station) ? Number(station) : null;
}

/** Drops conditions without a value, so a half-typed row does not narrow the list. */
function effectiveFilter(group: FilterGroup): FilterGroup | null {
  const filters = group.filters
    .map((n) => ('logic' in n ? effectiveFilter(n) : n.value === '' || n.value == null ? null : n))
    .filter((n): n is NonNullable<typeof n> => n !== null);
  return filters.length ? { logic: group.logic, filters } : null;
}

const failureDetail = (error: unknown): string => failureText(error);

/** `zone`: the plant's, for the archive's preset ranges (the list needs none). */
export function AlertsPage({ mode, zone }: { mode: 'live' | 'archive'; zone?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useLiveClient();
  const colors = usePriorityStyles();
  // LD1: while the link vouches for nothing the current list held is no current state: its
  // count and an empty list say the state is unknown, and why (never "no alerts").
  const linkDown = useLinkDown();
  const unknownWhy =
    mode !== 'live' || linkDown === null
      ? null
      : linkDown === 'restarting'
        ? t('ui.stale.restarting')
        : t('ui.stale.linkDown');
  // The current list opens most urgent first (unacknowledged, priority, newest); the archive
  // newest first. Any column header sorts by that column instead.
  const defaultSort: AlertSortState = mode === 'live' ? URGENCY_SORT : ARCHIVE_DEFAULT_SORT;
  const [sort, setSort] = useState<AlertSortState>(defaultSort);
  const [params] = useSearchParams();
  const stationParam = params.get('station');
  const [filterDraft, setFilterDraft] = useState<FilterGroup>(EMPTY_FILTER);
  const [showFilter, setShowFilter] = useState(false);
  const [quick, setQuick] = useState<QuickFilters>(() => ({
    active: false,
    urgent: false,
    station: stationOfParam(stationParam),
    group: false,
  }));
  // Another station's link followed while the list is open: its alerts.
  const [shownStation, setShownStation] = useState(stationParam);
  if (stationParam !== shownStation) {
    setShownStation(stationParam);
    const next = stationOfParam(stationParam);
    if (next !== null) setQuick((q) => ({ ...q, station: next }));
  }
  const ackAccess = useWriteAccess('ackAlerts');
  const deleteAccess = useWriteAccess('deleteAlerts');
  const inputsAccess = useWriteAccess('ackFailureInputs');
  const alarmText = useAlarmText();
  /** Unacknowledged alerts whose rows stood on screen (AL3): what the operator can have read. */
  const seen = useRef(new Set<number>());
  const onSeen = useCallback((ids: readonly number[]) => {
    for (const id of ids) seen.current.add(id);
  }, []);
  const [ackPlan, setAckPlan] = useState<ShownAckPlan | null>(null);
  const [window, setWindow] = useState<{ start: number; count: number }>(ALERT_FIRST_WINDOW);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [selectedRows, setSelectedRows] = useState<ReadonlyMap<number, Alert>>(new Map());
  const [focusIndex, setFocusIndex] = useState(0);
  // The focused row is an alert, not a place: Q acknowledges this id wherever its row is.
  const [focusId, setFocusId] = useState<number | null>(null);
  // AH1: pointer on the list body or focus in it (selected rows hold too, below).
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const holdCounter = useRef(0);
  const [holdToken, setHoldToken] = useState<string | null>(null);
  const [headHeight, setHeadHeight] = useState<number | null>(null);
  const [dialog, setDialog] = useState<ResultDialog | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [range, setRange] = useState<RangeChoice>({ preset: ARCHIVE_DEFAULT_PRESET });
  const [rangeNow, setRangeNow] = useState(defaultArchiveNow);

  const query: AlertQuery | null = useMemo(
    () => (mode === 'archive' && zone ? archiveQuery(rangeOf(range, rangeNow, zone)) : null),
    [mode, range, rangeNow, zone],
  );
  const source: AlertViewSource = useMemo(
    () => (query ? { kind: 'archive', query } : { kind: 'live' }),
    [query],
  );
  const builtFilter = useMemo(() => effectiveFilter(filterDraft), [filterDraft]);
  const filter = useMemo((): FilterGroup | null => {
    const conditions = quickConditions(quick);
    if (conditions.length === 0) return builtFilter;
    return { logic: 'and', filters: builtFilter ? [...conditions, builtFilter] : conditions };
  }, [builtFilter, quick]);
  const viewSort = quick.group ? STATION_SORT : sort;
  const onSort = useCallback((next: AlertSortState) => {
    setSort(next);
    setQuick((q) => (q.group ? { ...q, group: false } : q));
  }, []);
  // The pointer on the held bar holds too: on its way from a row to the bar it leaves the
  // list body, and the bar it is about to click must not vanish under it.
  const [pointerOnBar, setPointerOnBar] = useState(false);
  const wantsHold = mode === 'live' && (pointerIn || pointerOnBar || focusIn || selected.size > 0);
  useEffect(() => {
    setHoldToken((token) => (wantsHold ? (token ?? `h${++holdCounter.current}`) : null));
  }, [wantsHold]);
  const frame = useAlertWindow({ source, sort: viewSort, filter, ...window, hold: holdToken });
  const held = holdToken ? (frame.held ?? 0) : 0;
  // A bar that went away (shown, or its alerts gone) fires no pointerleave: it holds no more.
  useEffect(() => {
    if (held === 0) setPointerOnBar(false);
  }, [held]);
  /** The bar: show the held alerts now (a hold that still applies starts again from here). */
  const showHeld = () => setHoldToken(wantsHold ? `h${++holdCounter.current}` : null);
  // The focus follows its alert when rows move (a hold released, a sort changed).
  useEffect(() => {
    if (focusId === null) {
      const at = frame.rows[focusIndex - frame.from];
      if (at && focusIndex > 0) setFocusId(at.id);
      return;
    }
    const i = frame.rows.findIndex((a) => a.id === focusId);
    if (i >= 0 && frame.from + i !== focusIndex) setFocusIndex(frame.from + i);
  }, [frame, focusId, focusIndex]);
  const onFocusIndex = useCallback(
    (index: number, alert?: Alert) => {
      setFocusIndex(index);
      setFocusId(alert?.id ?? frame.rows[index - frame.from]?.id ?? null);
    },
    [frame],
  );
  useAlertsBenchProbe(frame, setFilterDraft);
  const onRange = useCallback(
    (start: number, count: number) =>
      setWindow((w) => (w.start === start && w.count === count ? w : { start, count })),
    [],
  );

  const toggle = (a: Alert) => {
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(a.id)) next.add(a.id);
      return next;
    });
    setSelectedRows((m) => {
      const next = new Map(m);
      if (!next.delete(a.id)) next.set(a.id, a);
      return next;
    });
  };
  const clearSelection = () => {
    setSelected(new Set());
    setSelectedRows(new Map());
  };

  // The browser's own English words ("Failed to fetch") help nobody on shift; what happens
  // next does: the selection stays for another try.
  const unreachableOr = (error: unknown) =>
    failureKind(error) === 'network' ? t('alerts.failed.unreachableKept') : failureDetail(error);

  async function run(action: () => Promise<AlertAckResult>) {
    setBusy(true);
    try {
      const result = await action();
      setDialog(alertsAckResultDialog(result));
      if (result.status === 'Success') clearSelection();
    } catch (error) {
      setDialog({
        severity: 'error',
        title: ruleMessage(RESULT_KEYS.alertsNotAcknowledged),
        message: ruleMessage(RESULT_KEYS.networkError),
        detail: unreachableOr(error),
        sections: [],
      });
    } finally {
      setBusy(false);
    }
  }

  const ackSelected = () => {
    if (!ackAccess.may) return;
    const ids = [...selected];
    // By id, never by row index (AH3): the focused alert, wherever its row is now.
    const focused = frame.rows.find((a) => a.id === focusId);
    if (ids.length === 0 && focused?.state === 'pending' && !frame.gone?.includes(focused.id))
      ids.push(focused.id);
    if (ids.length > 0) void run(() => ackAlerts(ids));
  };

  /** Counts what the list shows (its filter) now; the dialog acknowledges those ids. */
  async function askAckShown() {
    setBusy(true);
    try {
      const rows = await client.alertRows({ source, sort: viewSort, filter });
      setAckPlan(shownAckPlan(rows, seen.current));
    } catch (error) {
      setDialog({
        severity: 'error',
        title: ruleMessage(RESULT_KEYS.alertsNotAcknowledged),
        message: ruleMessage(RESULT_KEYS.networkError),
        detail: failureDetail(error),
        sections: [],
      });
    } finally {
      setBusy(false);
    }
  }

  function ackShown(ids: number[]) {
    setAckPlan(null);
    void run(() => ackAlerts(ids));
  }

  async function doDelete() {
    setConfirmDelete(false);
    setBusy(true);
    try {
      const result = await deleteAlerts([...selected]);
      if (result.status === 'Success') clearSelection();
      else
        setDialog({
          severity: 'error',
          title: ruleMessage('alerts.actions.delete'),
          message: ruleMessage(
            result.status === 'Unauthorized'
              ? 'alerts.failed.deleteUnauthorized'
              : 'alerts.failed.delete',
            { error: result.errorMessage ?? result.status },
          ),
          detail: null,
          sections: [],
        });
    } catch (error) {
      setDialog({
        severity: 'error',
        title: ruleMessage('alerts.actions.delete'),
        message: ruleMessage('alerts.failed.delete', { error: failureDetail(error) }),
        detail: null,
        sections: [],
      });
    } finally {
      setBusy(false);
    }
  }

  const failureInputs: PvRef[] = useMemo(
    () =>
      [...selectedRows.values()]
        .map((a) => a.pvRef)
        .filter((r): r is PvRef => r?.type === 'DigiIn'),
    [selectedRows],
  );
  async function ackInputs() {
    setBusy(true);
    try {
      setDialog(pvActionResultDialog('ackFailureInputs', await ackFailureInputs(failureInputs)));
    } catch (error) {
      setDialog({
        severity: 'error',
        title: ruleMessage(RESULT_KEYS.failureInputNotAcknowledged),
        message: ruleMessage(RESULT_KEYS.networkError),
        detail: unreachableOr(error),
        sections: [],
      });
    } finally {
      setBusy(false);
    }
  }

  async function exportCsv() {
    const rows = await client.alertRows({ source, sort: viewSort, filter });
    const header = [
      'timestamp',
      'priority',
      'stationName',
      'sourceName',
      'text',
      'state',
      'acknowledgedBy',
      'acknowledgedAt',
      'cleared',
    ].map((c) => t(`alerts.columns.${c}` as 'alerts.columns.text'));
    const body = rows.map((a) => [
      format.dateTime(a.timestamp),
      a.priority,
      a.stationName,
      a.sourceName,
      alarmText(a.text),
      t(`alerts.state.${a.state}`),
      a.acknowledgedBy,
      a.acknowledgedAt ? format.dateTime(a.acknowledgedAt) : '',
      a.cleared ? t('alerts.cleared.yes') : t('alerts.cleared.no'),
    ]);
    downloadText(
      `${mode === 'live' ? 'stoermeldungen' : 'meldungsarchiv'}.csv`,
      toCsv(header, body),
    );
  }

  const titleKey = mode === 'live' ? 'alerts.list.title' : 'alerts.archive.title';
  // Untouched, the focus is the first row, whichever alert that is; once set, it is an alert.
  const focusedAlert =
    focusId !== null
      ? frame.rows.find((a) => a.id === focusId)
      : frame.rows[focusIndex - frame.from];
  const empty = frame.state === 'ready' && frame.total === 0;
  const rowsReady = frame.state === 'ready' || frame.state === 'partial';
  // The station chooser's list, asked for once the first rows are on screen (not before them).
  const [stations, setStations] = useState<Station[] | null>(null);
  useEffect(() => {
    if (!rowsReady || stations) return;
    const controller = new AbortController();
    fetchStations(controller.signal).then(setStations, () => undefined);
    return () => controller.abort();
  }, [rowsReady, stations]);
  const groups = useStationGroups(quick.group, source, filter, frame);
  const ackBlocked = !ackAccess.may ? 'alerts-ack-read-only' : undefined;
  const deleteBlocked = !deleteAccess.may ? 'alerts-delete-read-only' : undefined;
  // Hot path (issue 58): the page renders with every frame of the list, one a new alert in a
  // flood. What a frame does not change is made once and kept (React skips an element it got
  // before): the heading, the toolbar's buttons but the count, the quick filters, the dialogs.
  // Made anew with each frame, they took ~30 text lookups and rendered seven buttons and three
  // closed dialogs per new alert. Their handlers go through `act`, which keeps its identity.
  const act = useHandlers({
    ackSelected,
    askAckShown,
    ackInputs,
    exportCsv,
    ackShown,
    doDelete,
    clearSelection,
  });
  const title = useMemo(() => t(titleKey), [t, titleKey]);
  const heading = useMemo(
    () => (
      <PageHeader
        title={title}
        description={t(mode === 'live' ? 'alerts.list.description' : 'alerts.archive.description')}
      />
    ),
    [t, title, mode],
  );
  const noRows = frame.total === 0;
  const ackButton = useMemo(
    () => (
      <Button
        icon="check"
        variant="primary"
        disabled={busy || noRows || !ackAccess.may}
        aria-describedby={ackBlocked}
        onClick={act.ackSelected}
      >
        {t('alerts.actions.ack')}
      </Button>
    ),
    [t, act, busy, noRows, ackAccess.may, ackBlocked],
  );
  const otherButtons = useMemo(
    () => (
      <>
        <Button
          disabled={busy || failureInputs.length === 0 || !inputsAccess.may}
          onClick={() => void act.ackInputs()}
        >
          {t('alerts.actions.ackInputs')}
        </Button>
        <Button variant="quiet" aria-expanded={showFilter} onClick={() => setShowFilter((s) => !s)}>
          {t('alerts.actions.filter')}
          {builtFilter ? ` (${builtFilter.filters.length})` : ''}
        </Button>
        <Button variant="quiet" disabled={noRows} onClick={() => void act.exportCsv()}>
          {t('alerts.actions.export')}
        </Button>
        {mode === 'live' && sort.column !== 'urgency' && (
          <Button variant="quiet" onClick={() => setSort(URGENCY_SORT)}>
            {t('alerts.actions.sortUrgency')}
          </Button>
        )}
        {/* Destructive, so apart from acknowledging, and it asks first. */}
        <span className="toolbar-gap" aria-hidden="true" />
        <Button
          variant="danger"
          disabled={busy || selected.size === 0 || !deleteAccess.may}
          aria-describedby={deleteBlocked}
          onClick={() => setConfirmDelete(true)}
        >
          {t('alerts.actions.delete')}
        </Button>
      </>
    ),
    [
      t,
      act,
      busy,
      noRows,
      failureInputs.length,
      inputsAccess.may,
      showFilter,
      builtFilter,
      mode,
      sort.column,
      selected.size,
      deleteAccess.may,
      deleteBlocked,
    ],
  );
  const quickBar = useMemo(
    () => (
      <QuickFilterBar
        quick={quick}
        onChange={(next) => {
          setQuick(next);
          act.clearSelection();
        }}
        stations={stations}
      />
    ),
    [act, quick, stations],
  );
  const filterBox = useMemo(
    () =>
      showFilter && (
        <div className="alerts-filter" aria-label={t('filters.title')} role="region">
          <FilterBuilder columns={FILTER_COLUMNS} value={filterDraft} onChange={setFilterDraft} />
          <Button size="small" variant="quiet" onClick={() => setFilterDraft(EMPTY_FILTER)}>
            {t('filters.clear')}
          </Button>
        </div>
      ),
    [t, showFilter, filterDraft],
  );
  const keysNote = useMemo(
    () => <span className="alerts-keys"> · {t('alerts.keyboard')}</span>,
    [t],
  );
  const dialogs = useMemo(
    () => (
      <>
        <ConfirmDialog
          open={confirmDelete}
          danger
          busy={busy}
          title={t('alerts.confirm.deleteTitle')}
          message={t('alerts.confirm.delete', { count: selected.size })}
          confirmLabel={t('alerts.actions.delete')}
          onConfirm={() => void act.doDelete()}
          onCancel={() => setConfirmDelete(false)}
        />
        <AckShownDialog
          plan={ackPlan}
          busy={busy}
          colors={colors}
          onConfirm={act.ackShown}
          onCancel={() => setAckPlan(null)}
        />
        <ActionResultDialog dialog={dialog} onClose={() => setDialog(null)} />
      </>
    ),
    [t, act, confirmDelete, busy, selected.size, ackPlan, colors, dialog],
  );
  return (
    <div className="page alerts-page">
      {heading}
      {mode === 'archive' && (
        <RangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            setRangeNow(Date.now());
            clearSelection();
          }}
          defaultDays={ALERT_DEFAULT_RANGE_DAYS}
        />
      )}
      <Toolbar label={title} className="alerts-toolbar">
        {ackButton}
        {/* Never "all": the alerts the list shows, counted per priority before (AL3). */}
        <Button
          disabled={busy || noRows || !ackAccess.may}
          aria-describedby={ackBlocked}
          onClick={act.askAckShown}
        >
          {t('alerts.actions.ackShown', { count: frame.total, n: format.number(frame.total, 0) })}
        </Button>
        {otherButtons}
      </Toolbar>
      {/* As on every other page: what this user may not do here, and the right it lacks. */}
      {(!ackAccess.may || !deleteAccess.may) && (
        <div className="alerts-read-only">
          <ReadOnlyNote access={ackAccess} id="alerts-ack-read-only" />
          <ReadOnlyNote access={deleteAccess} id="alerts-delete-read-only" />
        </div>
      )}
      {quickBar}
      {filterBox}
      <p className="alerts-summary" aria-live="polite">
        {frame.state === 'partial' &&
          t('alerts.loadingMore', {
            count: frame.storeSize,
            n: format.number(frame.storeSize, 0),
          })}
        {frame.state === 'ready' && unknownWhy !== null && (
          <span data-state="unknown">
            {t('alerts.banner.unknown')} · {unknownWhy}
          </span>
        )}
        {frame.state === 'ready' &&
          unknownWhy === null &&
          (filter
            ? t('alerts.filtered', {
                shown: format.number(frame.total, 0),
                total: format.number(frame.storeSize, 0),
              })
            : t('alerts.count', {
                count: frame.total + held,
                n: format.number(frame.total + held, 0),
              }))}
        {selected.size > 0 && <> · {t('alerts.selected', { count: selected.size })}</>}
        {keysNote}
      </p>
      {mode === 'live' && (
        // On a phone folded, so the first alarm row is on the first screen.
        <BesideList>
          <PendingRemoteRows />
          {focusedAlert?.stationNumber != null && (
            // Who this alarm reaches at night: the focused alert's station, its plan, who is on call.
            <OnCallBeside
              stationNumber={focusedAlert.stationNumber}
              stationName={focusedAlert.stationName}
              followsFocus
            />
          )}
        </BesideList>
      )}
      {frame.remainingCount > 0 && (
        <p className="alerts-limit-note" role="note">
          {t('alerts.limitNote', {
            shown: format.number(frame.storeSize, 0),
            more: format.number(frame.remainingCount, 0),
          })}
        </p>
      )}
      {frame.state === 'loading' && <Spinner label={title} showLabel />}
      {frame.state === 'error' && (
        <p className="alerts-error" role="alert">
          {t('alerts.failed.list', { error: frame.error ?? '' })}
        </p>
      )}
      {empty &&
        (unknownWhy !== null && !filter ? (
          <EmptyState title={t('alerts.banner.unknown')} reason={unknownWhy} />
        ) : filter && frame.storeSize > 0 ? (
          <EmptyState
            title={t('alerts.empty.filteredTitle')}
            reason={t('alerts.empty.filteredReason')}
          />
        ) : mode === 'live' ? (
          <EmptyState title={t('alerts.empty.listTitle')} reason={t('alerts.empty.listReason')} />
        ) : (
          <EmptyState
            title={t('alerts.empty.archiveTitle')}
            reason={t('alerts.empty.archiveReason')}
          />
        ))}
      {(frame.state === 'ready' || frame.state === 'partial') && frame.total > 0 && (
        <div className="alerts-list">
          {/* AH2: over the column heads, so showing it moves no row; in the page with the
              list, so screen readers announce the count as it changes. */}
          {mode === 'live' && (
            <div
              className="alerts-held"
              aria-live="polite"
              style={headHeight ? { height: headHeight } : undefined}
            >
              {held > 0 && (
                <button
                  type="button"
                  className="alerts-held-button"
                  onClick={showHeld}
                  onPointerEnter={() => setPointerOnBar(true)}
                  onPointerLeave={() => setPointerOnBar(false)}
                >
                  <span aria-hidden="true" className="alerts-held-mark">
                    ▲
                  </span>
                  {t('alerts.hold.show', { count: held, n: format.number(held, 0) })}
                </button>
              )}
            </div>
          )}
          <AlertTable
            frame={frame}
            sort={viewSort}
            onSort={onSort}
            grouped={quick.group}
            groups={groups}
            onSeen={onSeen}
            onRange={onRange}
            selected={selected}
            onToggle={toggle}
            focusIndex={focusIndex}
            onFocusIndex={onFocusIndex}
            onPointerInside={setPointerIn}
            onFocusInside={setFocusIn}
            onHeadHeight={setHeadHeight}
            onAcknowledgeKey={ackSelected}
            colors={colors}
            label={title}
          />
        </div>
      )}
      {dialogs}
    </div>
  );
}

/**
 * The page's handlers behind one object that keeps its identity across renders: each calls
 * the latest render's function, so the parts of the page kept from render to render (useMemo)
 * act on the page's state as it is now.
 */
function useHandlers<T extends Record<string, (...args: never[]) => unknown>>(handlers: T): T {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [stable] = useState(() => {
    const out: Record<string, (...args: never[]) => unknown> = {};
    for (const name of Object.keys(handlers))
      out[name] = (...args: never[]) => latest.current[name]!(...args);
    return out as T;
  });
  return stable;
}

/** The quick filters: active only, priority 0-1, one station, grouped by station. */
function QuickFilterBar({
  quick,
  onChange,
  stations,
}: {
  quick: QuickFilters;
  onChange: (quick: QuickFilters) => void;
  stations: readonly Station[] | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (key: 'active' | 'urgent' | 'group', label: string) => (
    <label className={quick[key] ? 'quick-chip is-on' : 'quick-chip'}>
      <input
        type="checkbox"
        name={`quick-${key}`}
        checked={quick[key]}
        onChange={(e) => onChange({ ...quick, [key]: e.target.checked })}
      />
      {label}
    </label>
  );
  const known = stations?.some((s) => s.id === quick.station) ?? false;
  return (
    <div className="alerts-quick" role="group" aria-label={t('alerts.quick.label')}>
      {toggle('active', t('alerts.quick.active'))}
      {toggle('urgent', t('alerts.quick.urgent'))}
      <span className={quick.station !== null ? 'quick-chip is-on' : 'quick-chip'}>
        <label htmlFor={`${id}-station`}>{t('alerts.quick.station')}</label>
        <select
          id={`${id}-station`}
          name="quick-station"
          value={quick.station === null ? '' : String(quick.station)}
          onChange={(e) =>
            onChange({
              ...quick,
              station: e.target.value === '' ? null : Number(e.target.value),
            })
          }
        >
          <option value="">{t('alerts.quick.allStations')}</option>
          {quick.station !== null && !known && (
            <option value={quick.station}>
              {t('alerts.quick.stationNumber', { station: quick.station })}
            </option>
          )}
          {stations?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </span>
      {toggle('group', t('alerts.quick.group'))}
    </div>
  );
}

const PHONE_QUERY = '(max-width: 720px)';

/**
 * The remote-alarm and on-call boxes beside the current list: open on a wide screen, folded
 * on a phone (one line that opens them), so there the first alarm row is on the first screen.
 */
function BesideList({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !(window.matchMedia?.(PHONE_QUERY).matches ?? false));
  return (
    <details className="alerts-beside" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('alerts.beside')}</summary>
      {children}
    </details>
  );
}

/** Counts per station of the filtered list, for the group heads (only while grouped). */
const GROUP_COUNT_EVERY_MS = 1000;

function useStationGroups(
  on: boolean,
  source: AlertViewSource,
  filter: FilterGroup | null,
  frame: { total: number; storeSize: number; rows: readonly Alert[] },
): ReadonlyMap<number | null, StationGroupCounts> | null {
  const client = useLiveClient();
  const [groups, setGroups] = useState<ReadonlyMap<number | null, StationGroupCounts> | null>(null);
  // Counted again when the list changes, at most once a second (a flood changes it often).
  const changeKey = `${frame.total}|${frame.storeSize}|${frame.rows[0]?.id}|${frame.rows.length}`;
  const last = useRef(0);
  // The view a count was asked for: an answer for another one (or after grouping ended) is
  // dropped; one overtaken by the flood's next frame is still good for its second.
  const asked = useRef<object | null>(null);
  useEffect(() => {
    if (!on) {
      asked.current = null;
      setGroups(null);
      return;
    }
    const view = { source, filter };
    asked.current = view;
    return () => {
      asked.current = null;
    };
  }, [on, source, filter]);
  useEffect(() => {
    if (!on) return;
    const count = () => {
      const view = asked.current;
      if (!view) return;
      return client.alertRows({ source, sort: STATION_SORT, filter }).then(
        (rows) => {
          if (asked.current !== view) return;
          last.current = Date.now();
          const next = new Map<number | null, StationGroupCounts>();
          for (const a of rows) {
            const g = next.get(a.stationNumber) ?? { total: 0, pending: 0 };
            g.total++;
            if (a.state === 'pending') g.pending++;
            next.set(a.stationNumber, g);
          }
          setGroups(next);
        },
        () => undefined,
      );
    };
    const wait = Math.max(0, last.current + GROUP_COUNT_EVERY_MS - Date.now());
    const timer = window.setTimeout(() => void count(), wait);
    return () => window.clearTimeout(timer);
  }, [on, client, source, filter, changeKey]);
  return groups;
}

export function AlertListPage() {
  return <AlertsPage mode="live" />;
}

export function AlertArchivePage() {
  return <PlantZoneGate>{(zone) => <AlertsPage mode="archive" zone={zone} />}</PlantZoneGate>;
}
