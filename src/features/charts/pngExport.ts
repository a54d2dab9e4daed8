/**
 * The chart PNG export (issue 12 item 8): the plot with a header band that carries the chart
 * title, the plant, the shown time range and the export time, so a saved image says what it
 * shows. The lines are built by `exportCaption` (pure, unit tested).
 */
export interface ExportCaption {
  title: string;
  /** "Plant · start – end" */
  subtitle: string;
  /** "Exported: …" */
  exportedAt: string;
}

export function exportCaption(input: {
  title: string;
  plant: string;
  range: string;
  exported: string;
}): ExportCaption {
  return {
    title: input.title,
    subtitle: [input.plant, input.range].filter(Boolean).join(' · '),
    exportedAt: input.exported,
  };
}

/** Draws the plot canvas under a header band with the caption; returns the new canvas. */
export function composeExport(
  plot: HTMLCanvasElement,
  caption: ExportCaption,
  colors: { background: string; text: string; muted: string },
): HTMLCanvasElement | null {
  const scale = Math.max(1, window.devicePixelRatio || 1);
  const pad = Math.round(12 * scale);
  const titleSize = Math.round(18 * scale);
  const lineSize = Math.round(13 * scale);
  const band = pad * 2 + titleSize + lineSize * 2 + Math.round(8 * scale);
  const out = document.createElement('canvas');
  out.width = plot.width;
  out.height = plot.height + band;
  const ctx = out.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, out.width, out.height);
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillStyle = colors.text;
  ctx.font = `600 ${titleSize}px ${font}`;
  ctx.fillText(caption.title, pad, pad, out.width - 2 * pad);
  ctx.fillStyle = colors.muted;
  ctx.font = `${lineSize}px ${font}`;
  const y2 = pad + titleSize + Math.round(4 * scale);
  ctx.fillText(caption.subtitle, pad, y2, out.width - 2 * pad);
  ctx.fillText(caption.exportedAt, pad, y2 + lineSize + Math.round(4 * scale), out.width - 2 * pad);
  ctx.drawImage(plot, 0, band);
  return out;
}
