/**
 * The chart PNG export (issue 12 item 8): the plot with a header band that carries the chart
 * title, the plant, the shown time range and the export time, and under the plot a legend
 * (each series' colour and name, with its unit), so a saved image says what it shows. The
 * lines are built by `exportCaption` (pure, unit tested).
 */

/** One legend entry of the export: the series' line colour and its text. */
export interface ExportLegendEntry {
  color: string;
  label: string;
}
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

/**
 * Draws the plot canvas under a header band with the caption and over the legend (entries
 * side by side, wrapped to the image's width); returns the new canvas.
 */
export function composeExport(
  plot: HTMLCanvasElement,
  caption: ExportCaption,
  colors: { background: string; text: string; muted: string },
  legend: readonly ExportLegendEntry[] = [],
): HTMLCanvasElement | null {
  const scale = Math.max(1, window.devicePixelRatio || 1);
  const pad = Math.round(12 * scale);
  const titleSize = Math.round(18 * scale);
  const lineSize = Math.round(13 * scale);
  const band = pad * 2 + titleSize + lineSize * 2 + Math.round(8 * scale);
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const out = document.createElement('canvas');
  const ctx = out.getContext('2d');
  if (!ctx) return null;

  // The legend's rows, measured before the canvas gets its size.
  const swatch = Math.round(14 * scale);
  const gap = Math.round(6 * scale);
  const spacing = Math.round(18 * scale);
  const rowHeight = lineSize + Math.round(8 * scale);
  ctx.font = `${lineSize}px ${font}`;
  const rows: { entry: ExportLegendEntry; x: number; width: number }[][] = [];
  let x = pad;
  for (const entry of legend) {
    const width = Math.min(swatch + gap + ctx.measureText(entry.label).width, plot.width - 2 * pad);
    if (rows.length === 0 || (x > pad && x + width > plot.width - pad)) {
      rows.push([]);
      x = pad;
    }
    rows[rows.length - 1]!.push({ entry, x, width });
    x += width + spacing;
  }
  const legendHeight = rows.length > 0 ? rows.length * rowHeight + pad : 0;

  out.width = plot.width;
  out.height = band + plot.height + legendHeight;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, out.width, out.height);
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

  rows.forEach((row, i) => {
    const y = band + plot.height + Math.round(4 * scale) + i * rowHeight;
    for (const { entry, x: at, width } of row) {
      ctx.fillStyle = entry.color;
      ctx.fillRect(at, y + Math.round((lineSize - swatch / 2) / 2), swatch, Math.round(swatch / 2));
      ctx.fillStyle = colors.text;
      ctx.fillText(entry.label, at + swatch + gap, y, width - swatch - gap);
    }
  });
  return out;
}
