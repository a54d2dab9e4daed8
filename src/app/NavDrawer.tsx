/**
 * The navigation on narrow screens (below 960 px): a modal drawer from the left on the
 * native <dialog>, so focus stays inside and Escape closes it.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from './useTranslation.ts';
import { Button } from '../ui/Button.tsx';
import { NavList } from './NavList.tsx';

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
}

export function NavDrawer({ open, onClose, title }: NavDrawerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="nav-drawer"
      aria-label={t('shell.navigation')}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="nav-drawer-frame">
          <div className="nav-drawer-header">
            <span className="nav-drawer-title">{title}</span>
            <Button variant="quiet" icon="close" iconOnly onClick={onClose}>
              {t('shell.closeMenu')}
            </Button>
          </div>
          <NavList onNavigate={onClose} />
        </div>
      )}
    </dialog>
  );
}
