/**
 * What is drawn on top of the series (SPEC §3 "Series config" show-limit flags, §4
 * annotations): the limit lines with their texts (PM4), the names of the stacked digital
 * lanes inside the plot (PM6), and the annotation markers with their text (CH3).
 */
import uPlot from 'uplot';
import type { PlotModel } from './plotModel.ts';

export interface AnnotationMark {
  key: string;
  timestamp: number;
  text: string;
}

export interface OverlayInputs {
  model: PlotModel;
  annotations: readonly AnnotationMark[];
}

/** Limit lines with their texts and annotation markers, on top of the series. */
export function drawOverlays(
  u: uPlot,
  props: OverlayInputs,
  textColor: string,
  surface: string,
): void {
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const px = uPlot.pxRatio;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.font = `${Math.round(11 * px)}px sans-serif`;
  // uPlot leaves the alignment of its last axis labels on the context.
  ctx.textAlign = 'left';
  ctx.lineWidth = px;
  for (const line of props.model.limits) {
    const y = u.valToPos(line.value, line.scale, true);
    if (!Number.isFinite(y) || y < top || y > top + height) continue;
    ctx.strokeStyle = line.color;
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
    ctx.fillStyle = line.color;
    ctx.textBaseline = 'bottom';
    ctx.fillText(line.text, left + 4 * px, y - 2 * px);
  }
  ctx.setLineDash([]);
  for (const axis of props.model.axes) {
    if (!axis.lane) continue;
    const y = u.valToPos((axis.min + axis.max) / 2, axis.scale, true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const w = ctx.measureText(axis.label).width;
    ctx.fillStyle = surface;
    ctx.fillRect(left + 2 * px, y - 7 * px, w + 6 * px, 14 * px);
    ctx.fillStyle = axis.color ?? textColor;
    ctx.fillText(axis.label, left + 5 * px, y);
  }
  ctx.setLineDash([2 * px, 3 * px]);
  for (const a of props.annotations) {
    const x = u.valToPos(a.timestamp, 'x', true);
    if (!Number.isFinite(x) || x < left || x > left + width) continue;
    ctx.strokeStyle = textColor;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.fillStyle = textColor;
    ctx.textBaseline = 'top';
    const label = a.text.length > 40 ? `${a.text.slice(0, 39)}…` : a.text;
    ctx.fillText(`▼ ${label}`, x + 3 * px, top + 2 * px);
  }
  ctx.restore();
}
