import { useTranslation } from '../../app/useTranslation.ts';
import type { DialState } from '../../contract/enums.ts';

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

export function DialStateBadge({ state }: { state: DialState | undefined }) {
  const { t } = useTranslation();
  if (!state) return <span className="dial-state dial-state-idle">—</span>;
  return (
    <span className={`dial-state dial-state-${TONE[state]}`} data-dial-state={state}>
      {TONE[state] === 'busy' && <span className="dial-spinner" aria-hidden="true" />}
      {t(`stations.dialState.${state}`)}
    </span>
  );
}
