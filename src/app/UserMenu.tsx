/**
 * The user menu in the header (ARIA menu button pattern). The button is part of every page;
 * the menu's items and the dialogs they open (UserMenuBody.tsx) load when the pointer or the
 * keyboard reaches the button, or with its first press.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from './useTranslation.ts';
import { Icon } from '../ui/Icon.tsx';

const loadBody = () => import('./UserMenuBody.tsx');
const UserMenuBody = lazy(async () => ({ default: (await loadBody()).UserMenuBody }));

export interface UserMenuProps {
  userName?: string;
  onLogout?: () => void;
}

export function UserMenu({ userName, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, and kept: a QR dialog opened from the menu outlives it.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

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
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
      >
        <Icon name="user" />
        <span className="header-button-text">{userName ?? t('shell.user.menu')}</span>
        <Icon name="chevronDown" className="header-button-chevron" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <UserMenuBody
            open={open}
            setOpen={setOpen}
            menuId={menuId}
            buttonRef={buttonRef}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </div>
  );
}
