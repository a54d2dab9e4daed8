/**
 * What the chart's annotation panel and the annotations overview do alike: say what became
 * of a request (SPEC §4: ignored while the store is busy, failed with the server's text),
 * save an edit, and ask before deleting.
 */
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { AnnotationEntry, AnnotationResult, AnnotationStore } from '../../live/charts.ts';
import type { AnnotationFields } from './AnnotationDialog.tsx';
import type { AnnotationsState } from './useAnnotations.ts';
import { Button, ConfirmDialog } from '../../ui/index.ts';
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

/** The tags an annotation carries: hidden, and saved but not yet through. */
export function AnnotationTags({ entry }: { entry: AnnotationEntry }) {
  const { t } = useTranslation();
  return (
    <>
      {!entry.annotation.visible && (
        <span className="annotation-tag">{t('charts.annotations.hidden')}</span>
      )}
      {entry.savePending && (
        <span className="annotation-tag annotation-pending">
          {t('charts.annotations.savePending')}
        </span>
      )}
    </>
  );
}

/** The edit, hide/show and delete buttons of one annotation, in the panel and the overview. */
export function AnnotationEditButtons({
  entry,
  onEdit,
  onToggle,
  onDelete,
}: {
  entry: AnnotationEntry;
  onEdit: (entry: AnnotationEntry) => void;
  /** Hides a shown annotation or shows a hidden one. */
  onToggle: (entry: AnnotationEntry) => void;
  onDelete: (entry: AnnotationEntry) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="small" variant="quiet" onClick={() => onEdit(entry)}>
        {t('charts.annotations.editAction')}
      </Button>
      <Button size="small" variant="quiet" onClick={() => onToggle(entry)}>
        {entry.annotation.visible ? t('charts.annotations.hide') : t('charts.annotations.show')}
      </Button>
      <Button size="small" variant="quiet" onClick={() => onDelete(entry)}>
        {t('charts.annotations.delete')}
      </Button>
    </>
  );
}

/**
 * Asking before deleting an annotation: `askDelete` opens the question for an entry,
 * `deleteConfirm` is the question to render; a result other than done goes to `onMessage`.
 */
export function useAnnotationDelete(
  annotations: AnnotationsState,
  onMessage: (message: string | null) => void,
): { askDelete: (entry: AnnotationEntry) => void; deleteConfirm: ReactElement } {
  const [deleting, setDeleting] = useState<AnnotationEntry | null>(null);
  return {
    askDelete: setDeleting,
    deleteConfirm: (
      <AnnotationDeleteConfirm
        store={annotations.store}
        entry={deleting}
        busy={annotations.busy}
        onClose={() => setDeleting(null)}
        onMessage={onMessage}
      />
    ),
  };
}

interface AnnotationDeleteConfirmProps {
  store: AnnotationStore;
  /** The annotation asked about; null while nothing is. */
  entry: AnnotationEntry | null;
  busy: boolean;
  /** Closes the question (after a successful delete or on cancel). */
  onClose: () => void;
  onMessage: (message: string | null) => void;
}

function AnnotationDeleteConfirm({
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
