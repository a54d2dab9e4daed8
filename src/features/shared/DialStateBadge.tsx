import { useTranslation } from '../../app/useTranslation.ts';
import type { DialState } from '../../contract/enums.ts';
import { useLinkDown } from '../../live/index.ts';

/** ISA-101: only abnormal states get colour; normal connection states stay neutral. */
const TONE: Record<DialState, 'normal' | 'busy' | 'fault' | 'idle'> = {
  Connected: 'normal',
  NotConnected: 'idle',
  NotDefined: 'idle',
  Connecting: 'busy',
  Disconnecting: 'busy',
  HangingUp: 'busy',
  Busy: 'fault',
  CommunicationError: 'fault',
  ConnectionError: 'fault',
  TimeOut: 'fault',
};

/**
 * A station's connection state. While the link to the plant is down (workers/SPEC.md LD1) it
 * is not known: "Unbekannt" with the stale mark and why, never the last "Verbunden".
 */
export function DialStateBadge({ state }: { state: DialState | undefined }) {
  const { t } = useTranslation();
  const link = useLinkDown();
  if (link) {
    const why = t(`ui.stale.${link}`);
    return (
      <span className="dial-state dial-state-stale" data-dial-state="unknown" data-stale={link}>
        <span className="stale-mark stale-mark-uncertain" role="img" aria-label={why} title={why}>
          ?
        </span>
        {t('stations.dialStateUnknown')}
      </span>
    );
  }
  if (!state) return <span className="dial-state dial-state-idle">—</span>;
  return (
    <span className={`dial-state dial-state-${TONE[state]}`} data-dial-state={state}>
      {TONE[state] === 'busy' && <span className="dial-spinner" aria-hidden="true" />}
      {t(`stations.dialState.${state}`)}
    </span>
  );
}
