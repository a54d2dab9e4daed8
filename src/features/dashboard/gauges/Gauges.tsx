/**
 * The value display styles of SPEC §2, drawn the same on every dashboard: the domain as the
 * scale, limit bands (amber between the middle and outer limits, red beyond the outer ones),
 * the value in neutral grey unless it is beyond a limit. A stale value (a station not
 * connected, quality not good: domain/valueStanding.ts) is drawn smaller and muted, with its
 * mark, the reason and its age in words below it, in every style.
 */
import { alarmShortText } from '../../../domain/pvAlarm.ts';
import { numberInText } from '../../../app/i18n.ts';
import { StaleNoteWith, cx, staleValueClass } from '../../../ui/index.ts';
import type { PvValue } from '../../../contract/pv.ts';
import type { StationConnection } from '../../../domain/valueStanding.ts';
import { trackAria, type GaugeModel } from './gaugeModel.ts';
import { pvAlarmMark } from '../../shared/alarm/PvAlarmMark.tsx';
import type { ValueKit } from '../../shared/valueKit.ts';

/** Bars take the alarm's colour (--alarm-color) only while the PV is in alarm. */
const barTone = (m: GaugeModel) => (m.alarm && m.alarm.phase !== 'returned' ? 'alarm' : 'normal');

export interface GaugeProps {
  model: GaugeModel;
  /** The value as it came (its quality and time stamp, for the stale note). */
  value: PvValue | undefined;
  connection: StationConnection;
  /** The dashboard's texts, formats and alarm colours, asked once for all its tiles. */
  kit: ValueKit;
}

/** The stale note of a gauge, with the dashboard's texts. */
function GaugeStaleNote({ value, connection, kit }: Omit<GaugeProps, 'model'>) {
  return (
    <StaleNoteWith
      value={value}
      connection={connection}
      className="gauge-stale"
      reasonText={kit.staleReason}
      formatAge={kit.format.age}
    />
  );
}

function ValueLine({ model, value, connection, kit }: GaugeProps) {
  const stale = model.standing.stale;
  return (
    <>
      <span className={cx('gauge-value', `gauge-${barTone(model)}`, stale && 'gauge-value-stale')}>
        {pvAlarmMark(model.alarm, kit.priorityStyles, kit.alarmLabel, 'gauge-alarm-mark')}
        <span className={cx('gauge-number', staleValueClass(model.standing))}>{model.text}</span>
        {model.unit && <span className="gauge-unit">{model.unit}</span>}
      </span>
      <GaugeStaleNote value={value} connection={connection} kit={kit} />
    </>
  );
}

function Scale({ model, language }: { model: GaugeModel; language: string }) {
  if (model.min === null || model.max === null) return null;
  return (
    <span className="gauge-scale">
      <span>{numberInText(model.min, language)}</span>
      <span>{numberInText(model.max, language)}</span>
    </span>
  );
}

/** Limit bands along [0, 1]: [from, to, tone]. */
function bands(m: GaugeModel): [number, number, 'warning' | 'alarm'][] {
  const l = m.limits;
  const out: [number, number, 'warning' | 'alarm'][] = [];
  if (l.lower !== null) out.push([0, l.lower, 'alarm']);
  if (l.lowerMid !== null) out.push([l.lower ?? 0, l.lowerMid, 'warning']);
  if (l.upperMid !== null) out.push([l.upperMid, l.upper ?? 1, 'warning']);
  if (l.upper !== null) out.push([l.upper, 1, 'alarm']);
  return out;
}

const ARC_START = 135;
const ARC_SWEEP = 270;

function arcPath(r: number, from: number, to: number): string {
  const a0 = ((ARC_START + from * ARC_SWEEP) * Math.PI) / 180;
  const a1 = ((ARC_START + to * ARC_SWEEP) * Math.PI) / 180;
  const large = (to - from) * ARC_SWEEP > 180 ? 1 : 0;
  const p = (a: number) =>
    `${(60 + r * Math.cos(a)).toFixed(2)} ${(60 + r * Math.sin(a)).toFixed(2)}`;
  return `M ${p(a0)} A ${r} ${r} 0 ${large} 1 ${p(a1)}`;
}

/** The value's arc: the whole track's path, drawn up to the value by its dash (pathLength 1). */
const BAR_PATH = arcPath(40, 0, 1);
const barDash = (f: number | null) => `${Math.max(0, Math.min(1, f ?? 0))} 2`;
const circularLabel = (m: GaugeModel) => `${m.text} ${m.unit}`;
const linearFill = (f: number | null, vertical: boolean) =>
  vertical ? `scaleY(${f ?? 0})` : `scaleX(${f ?? 0})`;

/**
 * Writes `value` as the element's text in place: the text node React rendered keeps its
 * place and only its data changes. Replacing the node (textContent) took it out of the layout
 * tree and put a new one in, and a node inserted into the tree restyles every ancestor a
 * `:has()` rule may match (issue 44: that was most of a dashboard frame's style time).
 */
export function writeText(el: Element, value: string): void {
  const node = el.firstChild;
  if (node !== null && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
    const text = node as Text;
    if (text.data !== value) text.data = value;
  } else if (el.textContent !== value) el.textContent = value;
}

/**
 * What a new value changes in a gauge drawn by any style above, written into the tile's
 * element in place (issue 44): the value and state text, the linear fill's transform, the
 * circular arc's path and the accessible names and values. Everything else a value may change
 * (its standing, state, limit, whether there is a bar at all) renders the tile
 * (SingleValueTile `tileStanding`). Touches the DOM only where something changed, and there
 * only what paints: text data in place, a transform, the arc's dash; nothing that adds or
 * removes a node.
 */
export function writeGauge(root: HTMLElement, model: GaugeModel): void {
  const text = (selector: string, value: string) => {
    const el = root.querySelector(selector);
    if (el) writeText(el, value);
  };
  const attr = (el: Element, name: string, value: string) => {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  };
  text('.gauge-number', model.text);
  text('.gauge-state-text', model.stateText);
  text('.gauge-state-badge', model.stateText);
  const track = root.querySelector('.gauge-track-box');
  if (track) for (const [k, v] of Object.entries(trackAria(model))) attr(track, k, String(v));
  const fill = root.querySelector<HTMLElement>('.gauge-fill');
  if (fill) {
    const transform = linearFill(model.fraction, root.querySelector('.gauge-vertical') !== null);
    if (fill.style.transform !== transform) fill.style.transform = transform;
  }
  const svg = root.querySelector('.gauge-circular svg');
  if (svg) attr(svg, 'aria-label', circularLabel(model));
  const bar = root.querySelector('path.gauge-bar');
  if (bar) attr(bar, 'stroke-dasharray', barDash(model.fraction));
}

export function CircularGauge(props: GaugeProps) {
  const { model } = props;
  const language = props.kit.format.locale;
  return (
    <div className="gauge gauge-circular">
      <svg viewBox="0 0 120 104" role="img" aria-label={circularLabel(model)}>
        <path d={arcPath(48, 0, 1)} className="gauge-track" />
        {bands(model).map(([a, b, tone], i) =>
          b > a ? (
            <path key={i} d={arcPath(48, a, b)} className={`gauge-band gauge-band-${tone}`} />
          ) : null,
        )}
        {/* One path for every value: a new value changes its dash only, which repaints the
            arc; a new path per value (its `d`) laid the SVG out again. */}
        {model.fraction !== null && (
          <path
            d={BAR_PATH}
            pathLength={1}
            strokeDasharray={barDash(model.fraction)}
            className={`gauge-bar gauge-bar-${barTone(model)}`}
          />
        )}
        {model.min !== null && (
          <text x="22" y="102" className="gauge-tick">
            {numberInText(model.min, language)}
          </text>
        )}
        {model.max !== null && (
          <text x="98" y="102" className="gauge-tick" textAnchor="end">
            {numberInText(model.max, language)}
          </text>
        )}
      </svg>
      <ValueLine {...props} />
    </div>
  );
}

function LinearGauge({ vertical, ...props }: GaugeProps & { vertical: boolean }) {
  const { model } = props;
  const pos = (x: number) => (vertical ? { bottom: `${x * 100}%` } : { left: `${x * 100}%` });
  const span = (a: number, b: number) =>
    vertical
      ? { bottom: `${a * 100}%`, height: `${(b - a) * 100}%` }
      : { left: `${a * 100}%`, width: `${(b - a) * 100}%` };
  return (
    <div className={`gauge gauge-linear ${vertical ? 'gauge-vertical' : 'gauge-horizontal'}`}>
      <div className="gauge-track-box" {...trackAria(model)}>
        {bands(model).map(([a, b, tone], i) =>
          b > a ? (
            <span key={i} className={`gauge-band-box gauge-band-${tone}`} style={span(a, b)} />
          ) : null,
        )}
        {/* The fill spans the track and is scaled: a new value moves it on the compositor,
            without a layout of the tile (a width or height per value laid out the dashboard
            again for every update and every frame of its transition). */}
        <span
          className={`gauge-fill gauge-bar-${barTone(model)}`}
          style={{ transform: linearFill(model.fraction, vertical) }}
        />
        {Object.values(model.limits).map((x, i) =>
          x === null ? null : <span key={i} className="gauge-limit" style={pos(x)} />,
        )}
      </div>
      <div className="gauge-text">
        <ValueLine {...props} />
        <Scale model={model} language={props.kit.format.locale} />
      </div>
    </div>
  );
}

export const VerticalGauge = (p: GaugeProps) => <LinearGauge {...p} vertical />;
export const HorizontalGauge = (p: GaugeProps) => <LinearGauge {...p} vertical={false} />;

export function DigitalGauge(props: GaugeProps) {
  const { model } = props;
  const { t, alarmText } = props.kit;
  return (
    <div className="gauge gauge-digital">
      <ValueLine {...props} />
      {model.alarm && (
        <span className={`gauge-limit-text gauge-${barTone(model)}`}>
          {t(`alarmState.short.${model.alarm.phase}`)}:{' '}
          {alarmText(alarmShortText(model.alarm.text, undefined, model.name))}
        </span>
      )}
    </div>
  );
}

/** Digital values: a lamp that is filled when on and red on failure, with the state text. */
export function StateIndicatorGauge({ model, value, connection, kit }: GaugeProps) {
  const stale = model.standing.stale;
  return (
    <div className="gauge gauge-state">
      <span
        className={cx('gauge-lamp', `gauge-lamp-${model.state}`, stale && 'gauge-lamp-stale')}
        aria-hidden="true"
      />
      <span className={cx('gauge-state-text', staleValueClass(model.standing))}>
        {model.stateText}
      </span>
      <GaugeStaleNote value={value} connection={connection} kit={kit} />
    </div>
  );
}

export function StateIndicatorText({ model, value, connection, kit }: GaugeProps) {
  const stale = model.standing.stale;
  return (
    <div className="gauge gauge-state-only">
      <span
        className={cx(
          'gauge-state-badge',
          `gauge-state-${model.state}`,
          stale && 'gauge-state-badge-stale',
          staleValueClass(model.standing),
        )}
      >
        {model.stateText}
      </span>
      <GaugeStaleNote value={value} connection={connection} kit={kit} />
    </div>
  );
}

export function ValueTextView(props: GaugeProps) {
  return (
    <div className="gauge gauge-textview">
      <span className="gauge-name">{props.model.name}</span>
      <ValueLine {...props} />
    </div>
  );
}
