/**
 * The alarm banner of every page (rendered by the shell in its header): unacknowledged
 * alerts and the newest of the most important priority, linking to /alerts, and the horn
 * control. Acknowledged alarms that are still active are counted too (DESIGN.md "Alarm
 * states"), so the header never says "nothing pending" while an alarm stands, nor while the
 * link is down and nothing vouches for the counts (workers/SPEC.md LD1, AB2).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { useKiosk } from '../../app/useKiosk.ts';
import { useAlertCounts } from '../../live/useAlertCounts.ts';
import { useLinkDown } from '../../live/useLinkDown.ts';
import { cx } from '../../ui/cx.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import type { Horn } from './horn.ts';
import {
  hornState,
  readHornSettings,
  shouldRearm,
  useHornSettings,
  writeHornSettings,
  type HornState,
} from './hornState.ts';
import { usePriorityStyles } from '../shared/alarm/usePriorities.ts';
import { useAlarmText } from '../shared/alarm/useAlarmText.ts';
import './alerts.css';

const HORN_ICON: Record<HornState, IconName> = {
  blocked: 'soundBlocked',
  sounding: 'sound',
  armed: 'bell',
  muted: 'bellOff',
};

/** How long a wall monitor's own try to start sound may take before it counts as refused. */
const KIOSK_SOUND_WAIT_MS = 2000;

/** Shown only on a wall monitor the browser keeps silent: out of the first script. */
const KioskHornNotice = lazy(() =>
  import('./KioskHornNotice.tsx').then((m) => ({ default: m.KioskHornNotice })),
);

export function AlarmBanner() {
  const { t } = useTranslation();
  const counts = useAlertCounts();
  // LD1, EL2: while the link vouches for nothing (web server unreachable, server status not
  // Connected, engine lost or restarting) the counts held are no current state: the banner
  // says the state is unknown, never "no pending alerts" nor a count of zero.
  const unknown = useLinkDown() !== null;
  const styles = usePriorityStyles();
  const alarmText = useAlarmText();
  const settings = useHornSettings();
  const [audioAllowed, setAudioAllowed] = useState(false);
  const kiosk = useKiosk();
  const horn = useRef<Horn | null>(null);
  // The horn itself (Web Audio) loads with the first tap: before one the browser plays no
  // sound anyway, so it stays off a tab's critical path (issue 42).
  const mounted = useRef(true);
  const unlockHorn = useCallback(async (): Promise<boolean> => {
    if (!horn.current) {
      const { Horn } = await import('./horn.ts');
      if (!mounted.current) return false;
      horn.current ??= new Horn();
    }
    return horn.current.unlock();
  }, []);

  useEffect(() => {
    mounted.current = true;
    // The first tap anywhere lets the browser play sound (autoplay rules); the control
    // offers the same tap while it says sound is blocked.
    const unlock = () =>
      setTimeout(() => void unlockHorn().then((ok) => ok && setAudioAllowed(true)), 0);
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => {
      mounted.current = false;
      window.removeEventListener('pointerdown', unlock);
      horn.current?.dispose();
      horn.current = null;
    };
  }, [unlockHorn]);

  // A wall monitor has nobody to tap: it tries at once, which a browser that lets this site
  // play sound (Chromium's --autoplay-policy=no-user-gesture-required, a site setting)
  // allows; otherwise the kiosk notice below says how to allow it.
  const [kioskTried, setKioskTried] = useState(false);
  useEffect(() => {
    if (!kiosk) return;
    // A browser that blocks sound never settles the attempt: after a moment it counts as
    // refused, so the notice does not flash up while an allowed start is on its way.
    const refused = setTimeout(() => setKioskTried(true), KIOSK_SOUND_WAIT_MS);
    void unlockHorn().then((ok) => {
      if (ok) setAudioAllowed(true);
      setKioskTried(true);
    });
    return () => clearTimeout(refused);
  }, [kiosk, unlockHorn]);

  const top = counts?.top ?? null;
  const latest = counts?.latest ?? null;
  const pending = counts?.pending ?? 0;
  const active = counts?.active ?? 0;
  // AB1: until the engine has fetched the pending alerts, zero counts mean nothing: a tab
  // that is still loading must not say "no pending alerts" beside a standing alarm. Alerts
  // already known (a live one before the fetch) show as they are.
  const loading = !unknown && !counts?.ready && pending === 0 && active === 0;
  const topPriority = pending > 0 && top ? top.priority : null;
  const state = hornState({ settings, audioAllowed, topPriority });

  // HS2: a new alarm of the chosen priority re-arms a muted horn, in every tab at once.
  useEffect(() => {
    const held = readHornSettings();
    if (shouldRearm(held, latest)) writeHornSettings({ ...held, mutedAt: null });
  }, [latest]);
  useEffect(() => {
    horn.current?.set(topPriority, state !== 'sounding');
  }, [topPriority, state]);

  // The tap that presses this control while sound is blocked also unlocks sound through the
  // window's first-tap listener, which can re-render the control as armed before the click
  // lands: what the control said when the tap began decides, so that tap never mutes.
  const blockedAtTap = useRef(false);
  // The horn's control changes with its state only, not with each new alarm's count: kept
  // from render to render (the banner renders with every new alert of a flood, issue 58).
  const hornControl = useMemo(() => {
    const act = () => {
      const unlocking = blockedAtTap.current;
      blockedAtTap.current = false;
      if (state === 'blocked' || unlocking) {
        void unlockHorn().then((ok) => setAudioAllowed(ok));
        return;
      }
      writeHornSettings({ ...settings, mutedAt: state === 'muted' ? null : Date.now() });
    };
    return (
      <button
        type="button"
        className={cx('alarm-banner-horn', `horn-${state}`)}
        data-horn={state}
        onPointerDown={() => {
          blockedAtTap.current = state === 'blocked';
        }}
        onClick={act}
        title={t(`alerts.horn.hint.${state}`)}
      >
        <Icon name={HORN_ICON[state]} size={18} />
        <span className="horn-state">{t(`alerts.horn.state.${state}`)}</span>
        <span className="horn-action">{t(`alerts.horn.action.${state}`)}</span>
      </button>
    );
  }, [t, state, settings, unlockHorn]);
  const openTitle = useMemo(() => t('alerts.banner.open'), [t]);

  // What the banner says: one of these, in this order of precedence.
  const standing = unknown
    ? 'unknown'
    : loading
      ? 'loading'
      : pending > 0
        ? 'pending'
        : active > 0
          ? 'active'
          : 'none';
  // Each key written out: the shell's text file holds the keys its modules name (L3).
  const label = {
    unknown: () => t('alerts.banner.unknown'),
    loading: () => t('alerts.banner.loading'),
    pending: () => t('alerts.banner.pending', { count: pending }),
    active: () => t('alerts.banner.active', { count: active }),
    none: () => t('alerts.banner.none'),
  }[standing]();
  const short = {
    unknown: '?',
    loading: '…',
    pending: `⚠ ${pending}`,
    active: `● ${active}`,
    none: '✓',
  }[standing];
  // The colour and the newest text of counts held while unknown would claim a state too.
  const topStyle = topPriority !== null && !unknown ? styles.get(topPriority) : undefined;
  return (
    <div
      className={cx(
        'alarm-banner',
        !unknown && pending > 0 && 'has-alerts',
        !unknown && pending === 0 && active > 0 && 'has-active',
      )}
      data-state={standing === 'unknown' || standing === 'loading' ? standing : undefined}
    >
      <Link
        to="/alerts"
        className="alarm-banner-link"
        title={openTitle}
        style={topStyle ? { background: topStyle.fill, color: topStyle.ink } : undefined}
      >
        {/* ISA-101: an unknown alarm state is abnormal: a mark of its own (a triangle, in a
            dashed frame) beside the words, never muted text (LD1, AB2). */}
        {unknown && (
          <Icon name="warning" size={18} className="alarm-banner-mark" data-mark="unknown" />
        )}
        {/* A live region, not role=status: the header's status is the connection. */}
        <span className="alarm-banner-count" aria-live="polite">
          {label}
        </span>
        <span className="alarm-banner-short" aria-hidden="true">
          {short}
        </span>
        {/* The message texts of the plant already start with the station name. */}
        {!unknown && pending > 0 && top && (
          <span className="alarm-banner-text">{alarmText(top.text)}</span>
        )}
      </Link>
      {hornControl}
      {kiosk && kioskTried && state === 'blocked' && (
        <Suspense fallback={null}>
          <KioskHornNotice />
        </Suspense>
      )}
    </div>
  );
}
