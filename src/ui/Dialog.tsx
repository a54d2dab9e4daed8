/**
 * Modal dialog on the native <dialog> element: showModal() gives the focus trap, the inert
 * background and Escape for free, at no bundle cost. Below the small breakpoint (600 px) the
 * dialog fills the screen (SPEC §2 "Action dialogs"; see ui.css).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from './useTranslation.ts';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button and any other native close. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the foot of the dialog, primary action last. */
  actions?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Alert dialogs are announced as such (ConfirmDialog uses it). Put `data-autofocus` on the
   * element that should take focus first; otherwise the first focusable one does. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  size = 'medium',
  role,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus does not reach the native dialog's focusing steps; this does.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    // NOTE: a dialog unmounted while open must leave the top layer, or the page stays inert.
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={cx('dialog', `dialog-${size}`, className)}
      aria-labelledby={titleId}
      role={role}
      onClose={(e) => {
        // NOTE: React passes a nested dialog's close up its tree; only our own counts.
        if (open && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      {open && (
        <div className="dialog-frame">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <Button variant="quiet" icon="close" iconOnly onClick={() => onCloseRef.current()}>
              {t('ui.dialog.close')}
            </Button>
          </header>
          <div className="dialog-body">{children}</div>
          {actions && <footer className="dialog-actions">{actions}</footer>}
        </div>
      )}
    </dialog>
  );
}
