/**
 * The user menu in the header (ARIA menu button pattern): settings, password, help, the QR
 * code of this page and scanning one, inside the native app its settings, and signing out.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useTranslation } from './useTranslation.ts';
import { Icon } from '../ui/Icon.tsx';
import { useQrActions } from '../features/qr/useQrActions.tsx';
import { nativeBridge } from '../platform/index.ts';
import { ruleMessage } from '../domain/validation/ruleMessage.ts';
import { useActionDispatcher } from './actions/ActionDispatcher.tsx';

export interface UserMenuProps {
  userName?: string;
  onLogout?: () => void;
}

export function UserMenu({ userName, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const refocus = useCallback(() => buttonRef.current?.focus(), []);
  const qr = useQrActions(refocus);
  const { refuse } = useActionDispatcher();
  const embedded = nativeBridge().embedded;

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const go = (path: string) => {
    close(false);
    void navigate(path);
  };
  const showAppSettings = () => {
    close(false);
    nativeBridge()
      .showSettings()
      .catch((e: unknown) =>
        refuse({
          title: ruleMessage('platform.menu.appSettings'),
          message: ruleMessage('platform.app.settingsFailed', {
            error: e instanceof Error ? e.message : String(e),
          }),
        }),
      );
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(
      e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])'),
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close(false);
    else if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (e.key === 'Home') items[0]?.focus();
    else if (e.key === 'End') items[items.length - 1]?.focus();
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="header-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={userName ? `${t('shell.user.menu')}: ${userName}` : t('shell.user.menu')}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="user" />
        <span className="header-button-text">{userName ?? t('shell.user.menu')}</span>
        <Icon name="chevronDown" className="header-button-chevron" />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          className="menu"
          aria-label={t('shell.user.menu')}
          onKeyDown={onMenuKey}
        >
          <li role="none">
            <button type="button" role="menuitem" onClick={() => go('/settings')}>
              <Icon name="settings" />
              {t('nav.settings')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => go('/settings/password')}>
              <Icon name="user" />
              {t('auth.password.title')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => go('/help')}>
              <Icon name="help" />
              {t('nav.help')}
            </button>
          </li>
          <li role="separator" className="menu-separator" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close(false);
                qr.openPageQr();
              }}
            >
              <Icon name="qrCode" />
              {t('platform.menu.pageQr')}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close(false);
                void qr.startScan();
              }}
            >
              <Icon name="scan" />
              {t('platform.menu.scanQr')}
            </button>
          </li>
          {embedded && (
            <li role="none">
              <button type="button" role="menuitem" onClick={showAppSettings}>
                <Icon name="app" />
                {t('platform.menu.appSettings')}
              </button>
            </li>
          )}
          <li role="separator" className="menu-separator" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              disabled={!onLogout}
              onClick={() => {
                close(false);
                onLogout?.();
              }}
            >
              <Icon name="logout" />
              {t('shell.user.logout')}
            </button>
          </li>
        </ul>
      )}
      {/* Outside the header: a dialog's own header and footer are no page landmarks there. */}
      {qr.element && createPortal(qr.element, document.body)}
    </div>
  );
}
