/**
 * Webcams (SPEC §2 "webcam", §7): the current image of every camera, refreshed, and for one
 * camera its history over a time range with a slider. Only HTTP 200 counts; a camera that
 * answers anything else shows no image, silently (SPEC §7).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { Webcam, WebcamImage } from '../../../contract/dashboard.ts';
import { EmptyState, LoadingState, PageHeader } from '../../../ui/index.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { PlantDateField } from '../../shared/PlantDateFieldLazy.tsx';
import { usePlantClock, useRangeOrderError } from '../../shared/plantClock.ts';
import { instantOfWall, wallText } from '../../shared/wallTime.ts';
import { fetchAvailableImages, fetchWebcams } from '../dashboardApi.ts';
import { useCurrentWebcamImage } from '../currentWebcamImage.ts';
import { usePageQuery } from '../../shared/pageData.ts';
import { pageKeys } from '../../shared/pageKeys.ts';
import './webcam.css';

export function WebcamPage() {
  const { t } = useTranslation();
  const selected = Number(useParams().id);
  const [data, retry] = usePageQuery(
    pageKeys.webcams,
    async (signal) => (await fetchWebcams(signal)) ?? [],
  );
  const cams = data.state === 'ready' ? data.data : [];
  const cam = cams.find((c) => c.id === selected);
  return (
    <section className="page">
      <PageHeader
        title={cam ? cam.name : t('webcam.title')}
        subject={cam?.name}
        description={t('webcam.description')}
      />
      <LoadingState status={data.state} onRetry={retry} label={t('webcam.loading')}>
        {cams.length === 0 ? (
          <EmptyState title={t('webcam.none')} reason={t('webcam.noneReason')} />
        ) : cam ? (
          <>
            <Link to="/webcams">{t('webcam.all')}</Link>
            <History cam={cam} />
          </>
        ) : (
          <ul className="webcam-grid">
            {cams.map((c) => (
              <li key={c.id}>
                <CurrentImage cam={c} />
              </li>
            ))}
          </ul>
        )}
      </LoadingState>
    </section>
  );
}

function CurrentImage({ cam }: { cam: Webcam }) {
  const { t } = useTranslation();
  const format = useFormat();
  const image = useCurrentWebcamImage(cam.id);
  return (
    <figure className="webcam-card">
      <div className="webcam-frame">
        {image && image !== 'none' ? (
          <img
            src={image.url}
            alt={t('webcam.alt', { name: cam.name, time: format.dateTime(image.timestamp) })}
          />
        ) : (
          <span className="webcam-missing">
            {image === 'none' ? t('webcam.noImage') : t('webcam.loading')}
          </span>
        )}
      </div>
      <figcaption>
        <Link to={`/webcams/${cam.id}`}>{cam.name}</Link>
        {image && image !== 'none' && <span>{format.dateTime(image.timestamp)}</span>}
      </figcaption>
    </figure>
  );
}

const HOUR_MS = 3_600_000;
/** The range's two fields; the order error shows at its end. */
const RANGE_ENDS = ['from', 'to'] as const;

function History({ cam }: { cam: Webcam }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { zone } = usePlantClock();
  const sliderId = useId();
  const [range, setRange] = useState(() => {
    const now = Date.now();
    return { from: wallText(now - HOUR_MS, zone), to: wallText(now, zone) };
  });
  const [images, setImages] = useState<WebcamImage[] | null>(null);
  const [index, setIndex] = useState(0);
  const fromMs = instantOfWall(range.from, zone).ms;
  const toMs = instantOfWall(range.to, zone).ms;
  const orderError = useRangeOrderError(range.from, range.to);
  const from = useMemo(() => (fromMs === undefined ? null : new Date(fromMs)), [fromMs]);
  const to = useMemo(() => (toMs === undefined ? null : new Date(toMs)), [toMs]);

  useEffect(() => {
    if (!from || !to || from >= to) return;
    const controller = new AbortController();
    setImages(null);
    void fetchAvailableImages(cam.id, from, to, controller.signal).then((list) => {
      if (controller.signal.aborted) return;
      setImages(list ?? []);
      setIndex(Math.max(0, (list?.length ?? 1) - 1));
    });
    return () => controller.abort();
  }, [cam.id, from, to]);
  const valid = from !== null && to !== null && from < to;

  const image = images?.[index];
  return (
    <div className="webcam-history">
      <div className="webcam-range">
        {RANGE_ENDS.map((end) => (
          <PlantDateField
            key={end}
            className="date-field-inline"
            label={t(`webcam.${end}`)}
            name={end}
            required
            value={range[end]}
            onChange={(next) => setRange((r) => ({ ...r, [end]: next }))}
            error={end === 'to' ? orderError : undefined}
          />
        ))}
      </div>
      {valid && images === null && <p className="state-note">{t('webcam.loading')}</p>}
      {images?.length === 0 && <p className="state-note">{t('webcam.noHistory')}</p>}
      {images && images.length > 0 && (
        <>
          <div className="webcam-frame webcam-frame-large">
            {image && (
              <img
                src={image.url}
                alt={t('webcam.alt', { name: cam.name, time: format.dateTime(image.timestamp) })}
              />
            )}
          </div>
          <label htmlFor={sliderId} className="webcam-slider-label">
            {t('webcam.slider', { index: index + 1, total: images.length })}
            {image && <strong>{format.dateTime(image.timestamp)}</strong>}
          </label>
          <input
            id={sliderId}
            className="webcam-slider"
            type="range"
            min={0}
            max={images.length - 1}
            value={index}
            onChange={(e) => setIndex(Number(e.target.value))}
          />
        </>
      )}
    </div>
  );
}
