/**
 * The buttons of an action dialog whose body is a form: Cancel, and the submit button tied
 * to the form by id, which reads "sending" while the request runs and is left out while
 * there is nothing to save.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/index.ts';

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
