/**
 * Window math for virtual tables: which rows a tab needs (its visible rows plus a margin),
 * clamped to the table, and where to scroll to show a given row.
 */

export interface RowRange {
  /** First row index, inclusive. */
  from: number;
  /** Last row index, exclusive. */
  to: number;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function whole(v: number): number {
  return Number.isFinite(v) ? Math.floor(v) : 0;
}

/**
 * RW1: the first visible row clamped so the window stays inside the table (a window past
 * the end after rows were deleted moves back to show the last rows).
 */
export function clampWindowStart(start: number, count: number, total: number): number {
  const c = Math.max(0, whole(count));
  return clamp(whole(start), 0, Math.max(0, total - c));
}

/** RW2: the rows to send: the visible ones plus `margin` rows on each side, within [0, total). */
export function rowRange(start: number, count: number, margin: number, total: number): RowRange {
  const c = Math.max(0, whole(count));
  const m = Math.max(0, whole(margin));
  const s = clampWindowStart(start, c, total);
  return { from: clamp(s - m, 0, total), to: clamp(s + c + m, 0, total) };
}

/** RW3: true when `inner` lies within `outer` (the tab already holds the rows it needs). */
export function rangeCovers(outer: RowRange, inner: RowRange): boolean {
  return inner.from >= outer.from && inner.to <= outer.to;
}

export type ScrollAlign = 'start' | 'center' | 'end' | 'auto';

/**
 * RW4: the window start that shows row `index` in a viewport of `count` rows. 'auto' keeps
 * the current start when the row is already visible, else scrolls the least distance.
 */
export function scrollToIndex(
  index: number,
  count: number,
  total: number,
  currentStart: number,
  align: ScrollAlign = 'auto',
): number {
  const c = Math.max(1, whole(count));
  const i = clamp(whole(index), 0, Math.max(0, total - 1));
  let start: number;
  switch (align) {
    case 'start':
      start = i;
      break;
    case 'end':
      start = i - c + 1;
      break;
    case 'center':
      start = i - Math.floor((c - 1) / 2);
      break;
    case 'auto': {
      const cur = clampWindowStart(currentStart, c, total);
      if (i < cur) start = i;
      else if (i >= cur + c) start = i - c + 1;
      else start = cur;
      break;
    }
  }
  return clampWindowStart(start, c, total);
}
