/** A short confirmation after an action succeeded, announced politely and gone after a while. */
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../ui/index.ts';

export const NOTICE_VISIBLE_MS = 5000;

export function ActionNotice({ message, onGone }: { message: string | null; onGone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onGone, NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message, onGone]);
  return createPortal(
    <div className="action-notice" role="status" hidden={!message}>
      {message && (
        <>
          <Icon name="check" /> {message}
        </>
      )}
    </div>,
    document.body,
  );
}
