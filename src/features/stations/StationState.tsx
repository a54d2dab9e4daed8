/**
 * A station's state wherever the station appears (ISA-101 level 1): its alarm state (the
 * mark, counts in words, a link to its alerts; nothing while it has no alarm) beside its
 * connection state. One component, so every list, tile and marker tells the same story.
 */
import type { DialState } from '../../contract/enums.ts';
import { useStationDialState } from '../../live/index.ts';
import { cx } from '../../ui/index.ts';
import { StationAlarmLink } from '../shared/alarm/StationAlarmLink.tsx';
import { DialStateBadge } from '../shared/DialStateBadge.tsx';

export function StationState({
  stationNumber,
  stationName,
  dialState,
  compact = false,
  className,
}: {
  stationNumber: number;
  stationName: string;
  /** The connection state to show when the caller knows better (a dial in progress). */
  dialState?: DialState | undefined;
  compact?: boolean;
  className?: string;
}) {
  const liveDialState = useStationDialState(stationNumber);
  return (
    <span className={cx('station-state', className)} data-station-state={stationNumber}>
      <StationAlarmLink stationNumber={stationNumber} stationName={stationName} compact={compact} />
      <DialStateBadge state={dialState ?? liveDialState} />
    </span>
  );
}
