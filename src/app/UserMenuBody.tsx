/**
 * The user menu's items and what they open (UserMenu.tsx loads this with the menu's first
 * opening, so a tab's first module does not carry it): settings, password, help, the QR code of
 * this page and scanning one, inside the native app its settings, and signing out. Once
 * loaded it stays mounted, so a QR dialog opened from the menu outlives the menu.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useTranslation } from './useTranslation.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { useQrActions } from '../features/qr/useQrActions.tsx';
import { nativeBridge } from '../platform/index.ts';
import { ruleMessage } from '../domain/validation/ruleMessage.ts';
import { useActionDispatcher } from './actions/ActionDispatcher.tsx';

export interface UserMenuBodyProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  menuId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onLogout?: () => void;
}

export function UserMenuBody({ open, setOpen, menuId, buttonRef, onLogout }: UserMenuBodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuRef = useRef<HTMLUListElement>(null);
  const qr = useQrActions(() => buttonRef.current?.focus());
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
  }, [open, setOpen, buttonRef]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const go = (path: string) => void navigate(path);
  const showAppSettings = () => {
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

  /** A menu item: choosing it closes the menu, then does what it names. */
  const item = (icon: IconName, label: string, choose: () => void, disabled = false) => (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        disabled={disabled}
        onClick={() => {
          close(false);
          choose();
        }}
      >
        <Icon name={icon} />
        {label}
      </button>
    </li>
  );

  return (
    <>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          className="menu"
          aria-label={t('shell.user.menu')}
          onKeyDown={onMenuKey}
        >
          {item('settings', t('nav.settings'), () => go('/settings'))}
          {item('user', t('auth.password.title'), () => go('/settings/password'))}
          {item('help', t('nav.help'), () => go('/help'))}
          <li role="separator" className="menu-separator" />
          {item('qrCode', t('platform.menu.pageQr'), () => qr.openPageQr())}
          {item('scan', t('platform.menu.scanQr'), () => void qr.startScan())}
          {embedded && item('app', t('platform.menu.appSettings'), showAppSettings)}
          <li role="separator" className="menu-separator" />
          {item('logout', t('shell.user.logout'), () => onLogout?.(), !onLogout)}
        </ul>
      )}
      {/* Outside the header: a dialog's own header and footer are no page landmarks there. */}
      {qr.element && createPortal(qr.element, document.body)}
    </>
  );
}
