/**
 * The second step of every write to an output (ISA-101 two-step, SPEC §2 "Action dialogs"):
 * shows what will change (PV, station, old → new value with unit) and sends only on an
 * explicit confirm. The confirm button takes the focus, so Enter confirms (unless the command
 * leaves something uncovered: then Abbrechen has it); Escape (and the close button) cancels
 * and nothing is sent.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { Button, Dialog } from '../../../ui/index.ts';

export interface CommandChange {
  /** The PV (or output, counter, group) that changes. */
  pv: string;
  /** The station it belongs to, shown as "Station …". */
  station?: string;
  /** Instead of a station: where else the change belongs (a call number's category). */
  where?: string;
  /** The value now, with its unit; '—' when unknown. */
  from: string;
  /** The value sent, with its unit. */
  to: string;
}

export interface CommandRequest {
  title: string;
  changes: readonly CommandChange[];
  confirmLabel: string;
  /** A destructive command (counter reset) gets the danger button. */
  danger?: boolean;
  /**
   * A command that leaves someone or something uncovered (the last number of an on-call
   * group switched off): the focus starts on Abbrechen, so Enter does not send it.
   */
  focusCancel?: boolean;
  note?: ReactNode;
}

export function CommandConfirm({
  request,
  onAnswer,
}: {
  request: CommandRequest | null;
  onAnswer: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const asked = request !== null;
  useEffect(() => {
    // The notice that follows the command (shown by the shell) loads while the operator reads
    // the question, so "sent – waiting for the plant" stands the moment the dialog closes.
    if (asked) void import('./ActionNotice.tsx');
  }, [asked]);
  return (
    <Dialog
      open={request !== null}
      onClose={() => onAnswer(false)}
      title={request?.title ?? ''}
      size="small"
      role="alertdialog"
      className="command-confirm"
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => onAnswer(false)}
            data-autofocus={request?.focusCancel ? true : undefined}
          >
            {t('safeOps.confirm.cancel')}
          </Button>
          <Button
            variant={request?.danger ? 'danger' : 'primary'}
            onClick={() => onAnswer(true)}
            data-autofocus={request?.focusCancel ? undefined : true}
          >
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      {request && (
        <>
          <p className="command-confirm-lead">
            {t('safeOps.confirm.lead', { count: request.changes.length })}
          </p>
          <ul className="command-confirm-list">
            {request.changes.map((c, i) => (
              <li key={i} data-command-change>
                <span className="command-confirm-pv">{c.pv}</span>
                <span className="command-confirm-station">
                  {c.where ?? t('safeOps.confirm.station', { station: c.station ?? '' })}
                </span>
                <span className="command-confirm-values">
                  <span className="command-confirm-from">{c.from}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden"> {t('safeOps.confirm.to')} </span>
                  <strong className="command-confirm-to">{c.to}</strong>
                </span>
              </li>
            ))}
          </ul>
          {request.note && <p className="action-note">{request.note}</p>}
          <p className="command-confirm-keys">
            {t(request.focusCancel ? 'safeOps.confirm.keysCancel' : 'safeOps.confirm.keys')}
          </p>
        </>
      )}
    </Dialog>
  );
}

/**
 * `ask(request)` shows the confirm step and resolves true on confirm, false on cancel;
 * render `element` once in the component.
 */
export function useCommandConfirm(): {
  ask: (request: CommandRequest) => Promise<boolean>;
  element: ReactNode;
} {
  const [request, setRequest] = useState<CommandRequest | null>(null);
  const resolve = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback(
    (next: CommandRequest) =>
      new Promise<boolean>((done) => {
        resolve.current?.(false);
        resolve.current = done;
        setRequest(next);
      }),
    [],
  );
  const onAnswer = useCallback((ok: boolean) => {
    const done = resolve.current;
    resolve.current = null;
    setRequest(null);
    done?.(ok);
  }, []);
  return { ask, element: <CommandConfirm request={request} onAnswer={onAnswer} /> };
}
