/**
 * The one form of the PV configuration dialogs (limits, priority, runtimes): the dialog titled
 * with the PV's name, what the PV is now beside its info button, the form tied to the submit
 * button, read-only with the reason for a user without the `writePvs` right on the station
 * (SPEC §6), and the way a change is sent: the button reads "sending" meanwhile, a success
 * closes with its message, anything else opens the SPEC §8 result dialog over the form.
 */
import {
  createContext,
  useCallback,
  useContext,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvActionResult } from '../../../contract/actions.ts';
import type { PvConfig } from '../../../contract/pv.ts';
import {
  pvActionResultDialog,
  shouldUpdateLocally,
  type PvAction,
  type ResultDialog,
} from '../../../domain/validation/resultDialogs.ts';
import { useWriteAccess } from '../ReadOnlyNote.tsx';
import { ActionFormDialog } from './FormDialogActions.tsx';
import { PvInfo } from './PvInfo.tsx';

/** The dialogs framed here; each has its texts under `actions.<kind>` (title at least). */
export type PvFormKind = 'limits' | 'priority' | 'runtimes';

export interface PvFormSend {
  busy: boolean;
  result: ResultDialog | null;
  clearResult: () => void;
  /**
   * Sends a change: `call` the plant, then `onSuccess` (which closes the dialog with its
   * message) or the result dialog of `action`. Returns the answer for what follows a refusal.
   */
  send: <A extends PvActionResult>(
    action: PvAction,
    call: () => Promise<A>,
    onSuccess: (answer: A) => void,
  ) => Promise<A>;
}

export function usePvFormSend(): PvFormSend {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);
  const send = useCallback(
    async <A extends PvActionResult>(
      action: PvAction,
      call: () => Promise<A>,
      onSuccess: (answer: A) => void,
    ) => {
      setBusy(true);
      const answer = await call();
      setBusy(false);
      if (shouldUpdateLocally(answer.status)) onSuccess(answer);
      else setResult(pvActionResultDialog(action, answer));
      return answer;
    },
    [],
  );
  const clearResult = useCallback(() => setResult(null), []);
  return { busy, result, clearResult, send };
}

const FormId = createContext('');

/** The dialog's form: submitted by the dialog's button (tied by id), validated by our rules. */
export function PvForm({
  onSubmit,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form id={useContext(FormId)} className="action-form" onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}

/** What a dialog of one PV form (limits, priority, runtimes) takes from where it opens. */
export interface PvFormOpenProps {
  config: PvConfig;
  onClose: () => void;
  onDone: (message: string) => void;
}

export interface PvFormDialogProps {
  kind: PvFormKind;
  config: PvConfig;
  size: 'small' | 'medium';
  /** What the PV is now (its priority, its unit, its station), beside the info button. */
  current: ReactNode;
  sending: PvFormSend;
  /** False while there is nothing to save (nothing loaded). */
  canSubmit?: boolean;
  onClose: () => void;
  /** The body, with the form (`PvForm`) somewhere inside. */
  children: ReactNode;
}

export function PvFormDialog({
  kind,
  config,
  size,
  current,
  sending,
  canSubmit,
  onClose,
  children,
}: PvFormDialogProps) {
  const { t } = useTranslation();
  const access = useWriteAccess('writePvs', config.stationNumber);
  const formId = `${kind}-${config.pvRef.nr}`;
  return (
    <ActionFormDialog
      access={access}
      title={t(`actions.${kind}.title`, { name: config.name })}
      size={size}
      formId={formId}
      busy={sending.busy}
      canSubmit={canSubmit}
      onClose={onClose}
      result={sending.result}
      onResultClose={sending.clearResult}
      pvName={config.name}
      head={
        <div className="action-current">
          <span>{current}</span>
          <PvInfo config={config} />
        </div>
      }
    >
      <FormId.Provider value={formId}>{children}</FormId.Provider>
    </ActionFormDialog>
  );
}
