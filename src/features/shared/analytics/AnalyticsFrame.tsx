/**
 * The frame the energy and leakage pages share: the list page (header, loading, empty state),
 * one item's page (header with the way back, unknown item, waiting for the first live value,
 * the detail block muted while stale), the help at its foot, and how current an item's live
 * figures are. Energy values and leakage figures carry no quality, so the connection of the
 * station that measures them decides, and their age is that of the station's newest data
 * (domain/valueStanding.ts); stale figures are muted with the mark and their age and never
 * vouch for the normal state ("Im Rahmen", "Dicht"), while an abnormal one still shows.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import {
  stationConnection,
  valueStanding,
  type StaleReason,
  type StandingInput,
  type StationConnection,
} from '../../../domain/valueStanding.ts';
import { useLinkDown, useStationLive } from '../../../live/index.ts';
import {
  EmptyState,
  LoadingState,
  PageHeader,
  Spinner,
  StaleNote,
  cx,
  staleValueClass,
  type LoadStatus,
} from '../../../ui/index.ts';
import type { PageState } from '../pageData.ts';
import './analytics.css';

/** The areas framed here; each has the same texts under its key (title, loading, back, …). */
export type AnalyticsArea = 'energy' | 'leakage';

export interface Standing {
  input: StandingInput | undefined;
  connection: StationConnection;
  stale: boolean;
  /** Why the figures are stale (the data-stale attribute), as on the station page. */
  reason: StaleReason | null;
  /** The class of the figures: muted while stale. */
  muted: string;
}

/** Whether an item's figures (of `timestamp`) are current, by its station's connection. */
export function useStationStanding(
  stationNumber: number | null | undefined,
  timestamp: number | undefined,
): Standing {
  const live = useStationLive(
    stationNumber != null && Number.isSafeInteger(stationNumber) ? stationNumber : null,
  );
  // LD1: with the link down the reason is the link, as on the station page.
  const link = useLinkDown();
  const connection = stationConnection(live?.dialState, link);
  const input =
    timestamp === undefined
      ? undefined
      : { timestamp: Math.min(timestamp, live?.timestamp ?? timestamp) };
  const standing = valueStanding(input, connection);
  return {
    input,
    connection,
    stale: standing.stale,
    reason: standing.reason,
    muted: staleValueClass(standing),
  };
}

/**
 * A state badge beside the stale note: while stale the normal state is not shown (the note
 * alone), an abnormal one still is, beside the note.
 */
export function StandingBadge({
  standing,
  normal,
  badge,
  noteClassName,
}: {
  standing: Standing | undefined;
  normal: boolean;
  badge: ReactNode;
  noteClassName?: string;
}) {
  const note = standing?.stale ? (
    <StaleNote value={standing.input} connection={standing.connection} className={noteClassName} />
  ) : null;
  if (note && normal) return note;
  return note ? (
    <>
      {badge} {note}
    </>
  ) : (
    badge
  );
}

/** The list page: header, loading, the empty state, then `children` with the items. */
export function AnalyticsListFrame<T>({
  area,
  list: [list, retry],
  children,
}: {
  area: AnalyticsArea;
  /** The area's list as read (`usePageQuery`) with its retry. */
  list: readonly [PageState<readonly T[]>, () => void];
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = list.data;
  return (
    <div className="page">
      <PageHeader title={t(`${area}.title`)} description={t(`${area}.description`)} />
      <LoadingState status={list.state} onRetry={retry} label={t(`${area}.loading`)}>
        {items &&
          (items.length === 0 ? (
            <EmptyState title={t(`${area}.none`)} reason={t(`${area}.noneReason`)} />
          ) : (
            children(items)
          ))}
      </LoadingState>
    </div>
  );
}

/**
 * One item's page: its name as title (the area's while loading), the way back to the list,
 * the unknown item, waiting for the first live value, then the detail block (`children`),
 * marked stale with the reason.
 */
export function AnalyticsDetailFrame({
  area,
  status,
  onRetry,
  name,
  unknownTitle,
  live,
  standing,
  data,
  children,
}: {
  area: AnalyticsArea;
  status: LoadStatus;
  onRetry: () => void;
  /** The item's name once found in the list; undefined while loading or when unknown. */
  name: string | undefined;
  /** The empty state's title when the list has loaded without the item. */
  unknownTitle: string;
  /** Whether the first live value has come. */
  live: boolean;
  standing: Standing;
  /** The item's data attributes on the detail block (what tests and the help find it by). */
  data: Record<`data-${string}`, string | number>;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  const found = name !== undefined;
  return (
    <div className="page">
      <PageHeader
        title={name ?? t(`${area}.title`)}
        subject={name}
        description={t(`${area}.description`)}
        actions={<Link to={`/${area}`}>{t(`${area}.back`)}</Link>}
      />
      <LoadingState status={status} onRetry={onRetry} label={t(`${area}.loading`)}>
        {status === 'ready' && !found && (
          <EmptyState title={unknownTitle} reason={t(`${area}.noneReason`)} />
        )}
        {found && !live && (
          <p>
            <Spinner size="small" /> {t(`${area}.waiting`)}
          </p>
        )}
        {found && live && (
          <div
            className={cx('energy-detail', standing.stale && 'energy-detail-stale')}
            {...data}
            data-stale={standing.reason ?? undefined}
          >
            {children()}
          </div>
        )}
      </LoadingState>
    </div>
  );
}

/** How the figures are computed, folded at the foot of the detail. */
export function AnalyticsHelp({ area }: { area: AnalyticsArea }) {
  const { t } = useTranslation();
  return (
    <details className="analytics-help">
      <summary>{t(`${area}.helpTitle`)}</summary>
      <p>{t(`${area}.help`)}</p>
    </details>
  );
}
