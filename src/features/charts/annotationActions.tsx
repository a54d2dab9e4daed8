/**
 * What the chart's annotation panel and the annotations overview do alike: say what became
 * of a request (SPEC §4: ignored while the store is busy, failed with the server's text),
 * save an edit, and ask before deleting.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import type { AnnotationEntry, AnnotationResult, AnnotationStore } from '../../live/charts.ts';
import type { AnnotationFields } from './AnnotationDialog.tsx';
import { ConfirmDialog } from '../../ui/index.ts';
import { failureText } from '../../app/failureText.ts';

export function useAnnotationActions(store: AnnotationStore) {
  const { t } = useTranslation();
  /** The message for a request's result; null when it went through. */
  const describe = (result: AnnotationResult): string | null =>
    result.status === 'ok'
      ? null
      : result.status === 'ignored'
        ? t('charts.annotations.busy')
        : t('charts.annotations.saveFailed', { error: result.message });
  /** Applies an edit and saves it; resolves with the message to show, if any. */
  const save = async (entry: AnnotationEntry, fields: AnnotationFields) => {
    store.change(entry.key, fields);
    try {
      return describe(await store.save(entry.key));
    } catch (error) {
      return failureText(error);
    }
  };
  return { describe, save };
}

export interface AnnotationDeleteConfirmProps {
  store: AnnotationStore;
  /** The annotation asked about; null while nothing is. */
  entry: AnnotationEntry | null;
  busy: boolean;
  /** Closes the question (after a successful delete or on cancel). */
  onClose: () => void;
  onMessage: (message: string | null) => void;
}

export function AnnotationDeleteConfirm({
  store,
  entry,
  busy,
  onClose,
  onMessage,
}: AnnotationDeleteConfirmProps) {
  const { t } = useTranslation();
  const { describe } = useAnnotationActions(store);
  return (
    <ConfirmDialog
      open={entry !== null}
      danger
      busy={busy}
      title={t('charts.annotations.deleteTitle')}
      message={t('charts.annotations.deleteMessage', { text: entry?.annotation.text ?? '' })}
      confirmLabel={t('charts.annotations.delete')}
      onCancel={onClose}
      onConfirm={() => {
        if (!entry) return;
        void store.delete([entry.key]).then((result) => {
          onMessage(describe(result));
          if (result.status === 'ok') onClose();
        });
      }}
    />
  );
}
