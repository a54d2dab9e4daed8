/**
 * The annotations overview (SPEC §2): every annotation with its PV, time and report flags;
 * edit, hide and delete as on the chart, and a way to the charts that show its PV.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  AnnotationEditButtons,
  AnnotationTags,
  useAnnotationActions,
  useAnnotationDelete,
} from './annotationActions.tsx';
import { useNavigate } from 'react-router';
import { pvUrlId } from '../../contract/keys.ts';
import { useFormat } from '../../app/useFormat.ts';
import { usePvConfig } from '../../live/index.ts';
import type { AnnotationEntry } from '../../live/charts.ts';
import { Button, EmptyState, LoadingState, PageHeader, TableHead } from '../../ui/index.ts';
import { useSession } from '../shared/sessionStore.ts';
import { AnnotationDialog, ANNOTATION_FLAGS } from './AnnotationDialog.tsx';
import { fetchAnnotationCharts } from './chartsApi.ts';
import { useAnnotations } from './useAnnotations.ts';
import { failureText } from '../../app/failureText.ts';
import { Breadcrumb } from '../shared/Breadcrumb.tsx';
import './charts.css';

/** The chart opened from an annotation shows this much around it. */
const AROUND_MS = 12 * 3_600_000;

function PvName({ entry }: { entry: AnnotationEntry }) {
  const config = usePvConfig(entry.annotation.pv);
  const id = pvUrlId(entry.annotation.pv);
  return config.state === 'ready' && config.config ? (
    <>
      {config.config.stationName} {config.config.name} <span className="cell-sub">{id}</span>
    </>
  ) : (
    <>{id}</>
  );
}

export function AnnotationsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const session = useSession();
  const canEdit = session.hasRight('editCharts');
  const annotations = useAnnotations();
  const { store } = annotations;
  const [editing, setEditing] = useState<AnnotationEntry | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { askDelete, deleteConfirm } = useAnnotationDelete(annotations, setMessage);
  const entries = [...annotations.entries].sort(
    (a, b) => b.annotation.timestamp - a.annotation.timestamp,
  );
  const { save } = useAnnotationActions(store);
  const openChart = async (entry: AnnotationEntry) => {
    const id = entry.annotation.id;
    const at = entry.annotation.timestamp;
    const range = `start=${at - AROUND_MS}&end=${at + AROUND_MS}`;
    try {
      const charts = id === null ? [] : await fetchAnnotationCharts(id);
      const chart = charts.find((c) => c.type === 'Measurement') ?? charts[0];
      navigate(
        chart
          ? `/charts/${chart.id}?${range}`
          : `/trend/archive?pv=${pvUrlId(entry.annotation.pv)}&${range}`,
      );
    } catch (error) {
      setMessage(failureText(error));
    }
  };

  return (
    <div className="page charts-page">
      <Breadcrumb to="/charts" text={t('charts.directory.title')} label={t('charts.breadcrumb')} />
      <PageHeader
        title={t('charts.annotations.overview')}
        description={t('charts.annotations.overviewDescription')}
      />
      {message && (
        <p className="chart-note" role="status">
          {message}
        </p>
      )}
      <LoadingState
        status={annotations.loadError ? 'error' : annotations.loaded ? 'ready' : 'loading'}
        errorMessage={
          annotations.loadError
            ? t('charts.annotations.loadFailed', { error: annotations.loadError })
            : undefined
        }
        onRetry={annotations.reload}
      >
        {entries.length === 0 ? (
          <EmptyState
            title={t('charts.annotations.noneTitle')}
            reason={t('charts.annotations.none')}
          />
        ) : (
          <div className="table-scroll">
            <table className="table annotation-table">
              <TableHead
                columns={[
                  t('charts.annotations.time'),
                  t('charts.annotations.pv'),
                  t('charts.annotations.text'),
                  t('charts.annotations.reports'),
                  { label: t('charts.annotations.actions'), visuallyHidden: true },
                ]}
              />
              <tbody>
                {entries.map((entry) => (
                  <tr
                    key={entry.key}
                    data-annotation-id={entry.annotation.id ?? ''}
                    data-hidden={!entry.annotation.visible || undefined}
                  >
                    <td className="num">{format.dateTime(entry.annotation.timestamp)}</td>
                    <td>
                      <PvName entry={entry} />
                    </td>
                    <td className="annotation-text">
                      {entry.annotation.text}
                      <AnnotationTags entry={entry} />
                    </td>
                    <td>
                      {ANNOTATION_FLAGS.filter((f) => entry.annotation[f])
                        .map((f) => t(`charts.annotations.flagsShort.${f}`))
                        .join(', ') || '–'}
                    </td>
                    <td className="annotation-actions">
                      <Button size="small" variant="quiet" onClick={() => void openChart(entry)}>
                        {t('charts.annotations.openChart')}
                      </Button>
                      {canEdit && (
                        <AnnotationEditButtons
                          entry={entry}
                          onEdit={setEditing}
                          onToggle={(e) =>
                            void save(e, { ...e.annotation, visible: !e.annotation.visible }).then(
                              setMessage,
                            )
                          }
                          onDelete={askDelete}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadingState>
      {editing && (
        <AnnotationDialog
          open
          isNew={false}
          initial={editing.annotation}
          pvChoices={[{ pv: editing.annotation.pv, label: pvUrlId(editing.annotation.pv) }]}
          onSave={(fields) => save(editing, fields)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleteConfirm}
    </div>
  );
}
