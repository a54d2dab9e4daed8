/**
 * Entering a manual report value (SPEC §3 "Report manual input item", §5): the value is checked
 * as typed (domain, decimals, the locale's decimal mark), confirmed before it is sent, and a
 * failed save keeps the input and says why.
 */
import { useState } from 'react';
import { failureText } from '../../app/failureText.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import { useFormat } from '../../app/useFormat.ts';
import type { ReportColumn } from '../../contract/reports.ts';
import { checkManualInput } from '../../domain/reportInput.ts';
import { decimalMarkOf } from '../../domain/validation/valueEntry.ts';
import { Button, ConfirmDialog, Dialog, Field } from '../../ui/index.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';

export interface ManualTarget {
  column: ReportColumn;
  index: number;
  rowLabel: string;
  current: number | null;
}

export function ManualInputDialog({
  target,
  onClose,
  onSave,
}: {
  target: ManualTarget;
  onClose: () => void;
  /** Sends the value (null removes it); rejects with the reason when the server refuses. */
  onSave: (value: number | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const ruleText = useRuleText();
  const mark = decimalMarkOf(format.locale);
  const config = target.column.manual!;
  const [text, setText] = useState(
    target.current === null ? '' : format.number(target.current, config.decimals),
  );
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ value: number | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const names = { column: target.column.title, row: target.rowLabel };

  const submit = () => {
    const result = checkManualInput(text, config, mark);
    if (!result.ok) {
      // Limits in the user's number format, like the help text below the field.
      setError(
        ruleText({
          ...result.message,
          params: {
            ...result.message.params,
            min: format.number(config.domain.min, config.decimals),
            max: format.number(config.domain.max, config.decimals),
          },
        }),
      );
      return;
    }
    setError(null);
    setConfirm({ value: result.value });
  };

  const send = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      await onSave(confirm.value);
      setConfirm(null);
      onClose();
    } catch (err) {
      setConfirm(null);
      setFailure(t('reports.manual.failed', { error: failureText(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open={confirm === null}
        onClose={onClose}
        title={t('reports.manual.edit', names)}
        size="small"
        actions={
          <>
            {target.current !== null && (
              <Button variant="quiet" onClick={() => setConfirm({ value: null })}>
                {t('reports.manual.remove')}
              </Button>
            )}
            <Button onClick={onClose}>{t('reports.manual.cancel')}</Button>
            <Button variant="primary" onClick={submit}>
              {t('reports.manual.save')}
            </Button>
          </>
        }
      >
        <form
          className="report-manual-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field
            label={`${t('reports.manual.label', names)}${target.column.dimension ? ` (${target.column.dimension})` : ''}`}
            help={t('reports.manual.range', {
              min: format.number(config.domain.min, config.decimals),
              max: format.number(config.domain.max, config.decimals),
              count: config.decimals,
            })}
            error={error}
          >
            {(p) => (
              <input
                {...p}
                data-autofocus
                inputMode="decimal"
                autoComplete="off"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          {failure && (
            <p className="report-error" role="alert">
              {failure}
            </p>
          )}
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        busy={busy}
        danger={confirm?.value === null}
        title={
          confirm?.value === null
            ? t('reports.manual.confirmRemoveTitle')
            : t('reports.manual.confirmTitle')
        }
        message={
          confirm?.value === null
            ? t('reports.manual.confirmRemoveText', names)
            : t('reports.manual.confirmText', {
                ...names,
                value: format.number(confirm?.value ?? 0, config.decimals),
                unit: target.column.dimension,
              })
        }
        confirmLabel={
          confirm?.value === null ? t('reports.manual.remove') : t('reports.manual.save')
        }
        onConfirm={() => void send()}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
