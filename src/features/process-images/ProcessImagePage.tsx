/**
 * A process image (SPEC §2, §7 "Visualization"): the station's SVG, sanitised and inserted
 * inline, its bound elements updated live from the engine, zoom, pan and fit from phone to
 * wall monitor, and a click (or Enter) on a bound element opening the element's actions.
 */
import type { AlarmLook } from './alarmMarks.ts';
import { useAlarmLabel } from '../shared/alarm/PvAlarmMark.tsx';
import { usePriorityStyles } from '../shared/alarm/usePriorities.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { noticeAfter } from '../../app/noticeStack.ts';
import type { CommandWatch } from '../shared/actions/commandFeedback.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { useActionDispatcher } from '../../app/actions/ActionDispatcher.tsx';
import { readImageAction } from './imageActions.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import type { WindowLike } from 'dompurify';
import type { PvRef } from '../../contract/pv.ts';
import { useLiveClient } from '../../live/index.ts';
import { Button, EmptyState, LoadingState, PageHeader, Toolbar } from '../../ui/index.ts';
import { useFormat } from '../../app/useFormat.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { fetchProcessImageSvg, fetchProcessImages } from './processImagesApi.ts';
import { createSvgSanitizer } from './sanitizeSvg.ts';
import { bindProcessImage, type ImageBinding } from './liveBindings.ts';
import { useZoomPan } from './useZoomPan.ts';
import { PvActionsDialog } from './PvActionsDialog.tsx';
// The operator actions of a PV, shared with the station page: loaded on first use, with their texts.
import { PvActionsLoader } from '../shared/actions/PvActionsLoader.tsx';
import { DialDialog } from './DialDialog.tsx';
import './processImages.css';

const sanitizer = createSvgSanitizer(window as unknown as WindowLike);

type Target =
  | { kind: 'pv'; pv: PvRef; commands: PvRef[] }
  | { kind: 'operate'; pv: PvRef }
  | { kind: 'dial'; station: number }
  | null;

export function ProcessImagePage() {
  const { t } = useTranslation();
  const name = useParams().name ?? '';
  const [data, retry] = usePageQuery(pageKeys.processImage(name), async (signal) => {
    const [svgText, list] = await Promise.all([
      fetchProcessImageSvg(name, signal),
      fetchProcessImages(signal).catch(() => null),
    ]);
    const all = list ? [list.root, ...list.root.directories].flatMap((d) => d.images) : [];
    return { svgText, entry: all.find((i) => i.name === name) ?? null };
  });
  const svg = useMemo(
    () => (data.state === 'ready' ? sanitizer.sanitize(data.data.svgText) : null),
    [data],
  );
  const title = data.state === 'ready' ? (data.data.entry?.title ?? name) : name;

  if (data.state === 'error') {
    // Named by its kind: the text is the user's language, not the server's status line.
    const missing = data.kind === 'notFound';
    return (
      <section className="page">
        <PageHeader title={title} />
        {missing ? (
          <EmptyState
            title={t('processImages.notFound')}
            reason={t('processImages.notFoundReason')}
            action={<Link to="/process-images">{t('processImages.list')}</Link>}
          />
        ) : (
          <LoadingState status="error" onRetry={retry} />
        )}
      </section>
    );
  }
  if (data.state === 'loading')
    return (
      <section className="page">
        <PageHeader title={title} />
        <LoadingState status="loading" label={t('processImages.loading')} />
      </section>
    );
  return (
    <section className="page pi-page">
      {svg ? (
        <ProcessImageView svg={svg} title={title} />
      ) : (
        <>
          <PageHeader title={title} />
          <EmptyState
            title={t('processImages.invalid')}
            reason={t('processImages.invalidReason')}
          />
        </>
      )}
    </section>
  );
}

function ProcessImageView({ svg, title }: { svg: SVGSVGElement; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dispatch } = useActionDispatcher();
  const client = useLiveClient();
  const { locale } = useFormat();
  const priorityStyles = usePriorityStyles();
  const alarmLabel = useAlarmLabel();
  const viewportRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<Target>(null);
  /** An action is done: the dialog closes and the tab's notice says so. */
  const done = (message: string, watch?: CommandWatch | null) => {
    setTarget(null);
    noticeAfter(message, watch);
  };
  const size = useMemo(() => {
    const box = svg.viewBox?.baseVal;
    const width = box && box.width > 0 ? box.width : Number(svg.getAttribute('width')) || 1200;
    const height = box && box.height > 0 ? box.height : Number(svg.getAttribute('height')) || 800;
    return { width, height };
  }, [svg]);
  const { view, fit, zoomBy, consumeDrag } = useZoomPan(viewportRef, hostRef, size);
  const binding = useRef<ImageBinding | null>(null);
  const viewNow = useRef(view);
  viewNow.current = view;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    svg.setAttribute('width', String(size.width));
    svg.setAttribute('height', String(size.height));
    host.replaceChildren(svg);
    const look: AlarmLook = {
      fill: (p) => priorityStyles.get(p)?.fill,
      ink: (p) => priorityStyles.get(p)?.ink,
      label: alarmLabel,
    };
    const viewport = viewportRef.current;
    if (!viewport) return;
    const bound = bindProcessImage(svg, client, locale, look, {
      host,
      viewport,
      size,
      scale: viewNow.current.scale,
    });
    binding.current = bound;
    // The bench reads what the image shows, on the canvas layer too (bench/scenarios/denseView.ts).
    const bench = window as Window & { __pegelBench?: object };
    bench.__pegelBench = Object.assign(bench.__pegelBench ?? {}, {
      processImage: {
        dense: bound.dense,
        shown: (selector: string) =>
          [...host.querySelectorAll(selector)].map((el) => bound.shownText(el)),
      },
    });
    // Printing shows the whole image: everything pending is written first.
    const beforePrint = () => bound.flush();
    window.addEventListener('beforeprint', beforePrint);
    return () => {
      window.removeEventListener('beforeprint', beforePrint);
      if (bench.__pegelBench) Reflect.deleteProperty(bench.__pegelBench, 'processImage');
      binding.current = null;
      bound.release();
      host.replaceChildren();
    };
    // alarmLabel changes with the language, as locale does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [svg, client, locale, size, priorityStyles]);

  // Values out of view wait for it: the writer learns which part of the image is shown.
  useEffect(() => {
    const vp = viewportRef.current;
    if (!vp || !binding.current) return;
    binding.current.setView(view, { width: vp.clientWidth, height: vp.clientHeight });
  }, [view, size, svg, client, locale, priorityStyles]);

  const activate = (element: Element | null): boolean => {
    if (!element) return false;
    const link = element.closest('a');
    const href = link?.getAttribute('href') ?? link?.getAttribute('xlink:href');
    if (href?.startsWith('/process-images/')) {
      navigate(href);
      return true;
    }
    const actor = element.closest('[data-action]');
    if (!actor) return false;
    const action = readImageAction((name) => actor.getAttribute(name));
    if (!action) return false;
    if (action.kind === 'dial') setTarget({ kind: 'dial', station: action.station });
    else if (action.kind === 'pv')
      setTarget({ kind: 'pv', pv: action.pv, commands: action.commands });
    else dispatch(action.request);
    return true;
  };
  const onClick = (event: MouseEvent) => {
    if (consumeDrag()) {
      event.preventDefault();
      return;
    }
    if (activate(event.target as Element)) event.preventDefault();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (activate(event.target as Element)) event.preventDefault();
  };

  return (
    <>
      <PageHeader
        title={title}
        subject={title}
        actions={
          <Toolbar label={t('processImages.zoom.label')}>
            <Button
              size="small"
              onClick={() => zoomBy(1.25)}
              aria-label={t('processImages.zoom.in')}
            >
              +
            </Button>
            <Button
              size="small"
              onClick={() => zoomBy(0.8)}
              aria-label={t('processImages.zoom.out')}
            >
              −
            </Button>
            <Button size="small" onClick={fit}>
              {t('processImages.zoom.fit')}
            </Button>
            <Link className="btn btn-quiet btn-small" to="/process-images">
              {t('processImages.list')}
            </Link>
          </Toolbar>
        }
      />
      <div
        ref={viewportRef}
        className="pi-viewport"
        onClick={onClick}
        onKeyDown={onKeyDown}
        aria-label={t('processImages.imageLabel', { title })}
        role="region"
      >
        {/* Panzoom moves and scales the drawing (useZoomPan.ts). */}
        <div ref={hostRef} className="pi-host" />
      </div>
      {target?.kind === 'pv' && (
        <PvActionsDialog
          pv={target.pv}
          commands={target.commands}
          onClose={() => setTarget(null)}
          onDial={(station) => setTarget({ kind: 'dial', station })}
          onOperate={(pv) => setTarget({ kind: 'operate', pv: pv ?? target.pv })}
          onDone={done}
        />
      )}
      {target?.kind === 'operate' && (
        <PvActionsLoader pvRef={target.pv} onClose={() => setTarget(null)} onDone={done} />
      )}
      {target?.kind === 'dial' && (
        <DialDialog stationNumber={target.station} onClose={() => setTarget(null)} />
      )}
    </>
  );
}
