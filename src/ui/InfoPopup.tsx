import { useState, type ReactNode } from 'react';
import { useTranslation } from './useTranslation.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface InfoPopupProps {
  title: ReactNode;
  children: ReactNode;
  /** Accessible name of the (i) button; "Weitere Informationen" by default. */
  triggerLabel?: string;
}

/** The info popup of SPEC §2: an (i) button that opens a small dialog with an explanation. */
export function InfoPopup({ title, children, triggerLabel }: InfoPopupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="quiet"
        size="small"
        icon="info"
        iconOnly
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {triggerLabel ?? t('ui.info.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        size="small"
        actions={
          <Button variant="primary" onClick={() => setOpen(false)}>
            {t('ui.dialog.ok')}
          </Button>
        }
      >
        {children}
      </Dialog>
    </>
  );
}
