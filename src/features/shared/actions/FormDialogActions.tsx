/**
 * An action dialog whose body is a form: the dialog, its buttons (Cancel, and the submit
 * button tied to the form by id, which reads "sending" while the request runs and is left
 * out while there is nothing to save) and the SPEC §8 result dialog that follows a refusal.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { ResultDialog } from '../../../domain/validation/resultDialogs.ts';
import { Button, Dialog } from '../../../ui/index.ts';
import { ActionResultDialog } from './ActionResultDialog.tsx';
import { ReadOnlyNote, type WriteAccess } from '../ReadOnlyNote.tsx';

export interface FormDialogActionsProps {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  /** The submit label; "Speichern" unless given. */
  submitLabel?: string;
  /** False while the form has nothing to submit (e.g. no limits loaded). */
  canSubmit?: boolean;
}

export function FormDialogActions({
  formId,
  busy,
  onCancel,
  submitLabel,
  canSubmit = true,
}: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel}>{t('actions.common.cancel')}</Button>
      {canSubmit && (
        <Button variant="primary" type="submit" form={formId} disabled={busy}>
          {busy ? t('actions.common.sending') : (submitLabel ?? t('actions.common.save'))}
        </Button>
      )}
    </>
  );
}

export interface ActionFormDialogProps extends Omit<FormDialogActionsProps, 'onCancel'> {
  title: string;
  size: 'small' | 'medium';
  onClose: () => void;
  /** The result of a refused or partly refused request, shown over the form. */
  result: ResultDialog | null;
  onResultClose: () => void;
  /** The PV's name, for the result dialog's lists. */
  pvName: string;
  /** When the user may not act: the form is read-only and says why (SPEC §6). */
  access?: WriteAccess;
  /**
   * What the PV is (its current state, its info button): shown above the form and outside
   * its disabled fieldset, so a user who may not act can still open the PV's info.
   */
  head?: ReactNode;
  children: ReactNode;
}

export function ActionFormDialog({
  title,
  size,
  onClose,
  result,
  onResultClose,
  pvName,
  access,
  head,
  children,
  ...actions
}: ActionFormDialogProps) {
  const readOnly = access !== undefined && !access.may;
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        size={size}
        title={title}
        actions={
          <FormDialogActions
            {...actions}
            canSubmit={!readOnly && actions.canSubmit !== false}
            onCancel={onClose}
          />
        }
      >
        {access && <ReadOnlyNote access={access} />}
        {head}
        <fieldset className="action-fieldset" disabled={readOnly}>
          {children}
        </fieldset>
      </Dialog>
      <ActionResultDialog dialog={result} onClose={onResultClose} pvName={() => pvName} />
    </>
  );
}
