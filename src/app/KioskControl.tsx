/**
 * Wall-monitor (kiosk) mode, issue 12 item 3: a visible "Wandmonitor" marker on every page
 * and the one way out, the same on every page: an exit button that appears when the pointer
 * moves, when it takes the keyboard focus (Tab) and with Escape (which also focuses it), and
 * hides again after a few quiet seconds. See README "Wall monitor".
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from './useTranslation.ts';
import { useLocation, useNavigate } from 'react-router';
import { Button, Icon } from '../ui/index.ts';
import { leaveKioskTab } from './useKiosk.ts';

/** How long the exit control stays after the last pointer movement. */
export const KIOSK_EXIT_VISIBLE_MS = 4000;

export function KioskControl() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);
  const [focused, setFocused] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let hide = 0;
    const show = () => {
      setShown(true);
      window.clearTimeout(hide);
      hide = window.setTimeout(() => setShown(false), KIOSK_EXIT_VISIBLE_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      // An open dialog takes its own Escape.
      if (e.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      show();
      button.current?.focus();
    };
    window.addEventListener('pointermove', show, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(hide);
      window.removeEventListener('pointermove', show);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  const leave = () => {
    leaveKioskTab();
    void navigate(`${pathname}?kiosk=0`, { replace: true });
  };

  return (
    <div className="kiosk-control" data-shown={shown || focused ? 'true' : 'false'}>
      <span className="kiosk-marker" data-kiosk-marker>
        <Icon name="overview" />
        {t('safeOps.kiosk.marker')}
      </span>
      <Button
        ref={button}
        size="small"
        icon="close"
        className="kiosk-exit"
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onClick={leave}
      >
        {t('safeOps.kiosk.exit')}
      </Button>
    </div>
  );
}
