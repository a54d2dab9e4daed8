/**
 * The annotations of a chart's PVs in the visible range (SPEC §4): create, edit, hide and
 * delete, with the save-pending marker and the store's busy rule (requests while busy are
 * ignored and the user is told so).
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  AnnotationEditButtons,
  AnnotationTags,
  useAnnotationActions,
  useAnnotationDelete,
} from './annotationActions.tsx';
import type { DataSourceType } from '../../contract/charts.ts';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { PvConfig } from '../../contract/pv.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { useFormat } from '../../app/useFormat.ts';
import type { AnnotationEntry } from '../../live/charts.ts';
import { Button } from '../../ui/index.ts';
import {
  AnnotationDialog,
  newAnnotationFields,
  type AnnotationFields,
} from './AnnotationDialog.tsx';
import { legendText, type PlotSeriesConfig } from './plotModel.ts';
import type { AnnotationsState } from './useAnnotations.ts';

export interface AnnotationPanelProps {
  annotations: AnnotationsState;
  series: readonly PlotSeriesConfig[];
  pvConfigs: ReadonlyMap<string, PvConfig>;
  range: TimeRange;
  source: DataSourceType;
  canEdit: boolean;
  /** Why the annotations are read-only (shown as a note); null when the user may edit. */
  readOnlyReason?: string | null;
  /** Opens the create dialog at this time (toolbar button, double-click on the plot). */
  createAt: number | null;
  onCreateClosed: () => void;
}

export function AnnotationPanel({
  annotations,
  series,
  pvConfigs,
  range,
  source,
  canEdit,
  readOnlyReason = null,
  createAt,
  onCreateClosed,
}: AnnotationPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState<AnnotationEntry | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { askDelete, deleteConfirm } = useAnnotationDelete(annotations, setMessage);
  const { store } = annotations;
  const pvChoices = series.map((s) => ({
    pv: s.pv,
    label: legendText(s, pvConfigs.get(pvKey(s.pv))),
  }));
  const labelOf = (entry: AnnotationEntry) =>
    pvChoices.find((c) => pvKey(c.pv) === pvKey(entry.annotation.pv))?.label ??
    pvUrlId(entry.annotation.pv);
  const inView = annotations.entries
    .filter((e) => e.annotation.timestamp >= range.start && e.annotation.timestamp <= range.end)
    .sort((a, b) => a.annotation.timestamp - b.annotation.timestamp);

  const { describe, save } = useAnnotationActions(store);

  const create = async (fields: AnnotationFields) => describe(await store.create(fields));
  const toggle = async (entry: AnnotationEntry) => {
    setMessage(await save(entry, { ...entry.annotation, visible: !entry.annotation.visible }));
  };

  const first = series[0];
  return (
    <section className="chart-annotations" aria-labelledby="chart-annotations-title">
      <h2 id="chart-annotations-title" className="chart-annotations-title">
        {t('charts.annotations.title')}
      </h2>
      {annotations.loadError && (
        <p className="chart-error" role="alert">
          {t('charts.annotations.loadFailed', { error: annotations.loadError })}{' '}
          <Button size="small" onClick={annotations.reload}>
            {t('common.retry')}
          </Button>
        </p>
      )}
      {readOnlyReason && (
        <p className="read-only-note" data-read-only>
          <strong>{t('safeOps.readOnly.title')}</strong> {readOnlyReason}
        </p>
      )}
      {message && (
        <p className="chart-note" role="status">
          {message}
        </p>
      )}
      {inView.length === 0 ? (
        <p className="chart-annotations-empty">
          {annotations.loaded ? t('charts.annotations.noneInRange') : t('charts.data.loading')}
          {canEdit && annotations.loaded && ` ${t('charts.annotations.howToAdd')}`}
        </p>
      ) : (
        <ul className="annotation-list">
          {inView.map((entry) => (
            <li
              key={entry.key}
              className="annotation-item"
              data-annotation-id={entry.annotation.id ?? ''}
              data-hidden={!entry.annotation.visible || undefined}
            >
              <div className="annotation-meta">
                <time dateTime={new Date(entry.annotation.timestamp).toISOString()}>
                  {format.dateTime(entry.annotation.timestamp)}
                </time>
                <span className="annotation-pv">{labelOf(entry)}</span>
                <AnnotationTags entry={entry} />
              </div>
              <p className="annotation-text">{entry.annotation.text}</p>
              {canEdit && (
                <div className="annotation-actions">
                  <AnnotationEditButtons
                    entry={entry}
                    onEdit={setEditing}
                    onToggle={(e) => void toggle(e)}
                    onDelete={askDelete}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {first && (
        <AnnotationDialog
          open={createAt !== null}
          isNew
          initial={newAnnotationFields(first.pv, Math.round(createAt ?? range.end), source)}
          pvChoices={pvChoices}
          onSave={create}
          onClose={onCreateClosed}
        />
      )}
      <AnnotationDialog
        open={editing !== null}
        isNew={false}
        initial={
          editing?.annotation ??
          newAnnotationFields(first?.pv ?? { type: 'AnaIn', nr: 0 }, 0, source)
        }
        pvChoices={pvChoices}
        onSave={(fields) => (editing ? save(editing, fields) : Promise.resolve(null))}
        onClose={() => setEditing(null)}
      />
      {deleteConfirm}
    </section>
  );
}
