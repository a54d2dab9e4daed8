/**
 * The rows both floor pages draw: 40 rows shaped like the archive's (a row of nine cells,
 * about twenty elements), with texts of the same length. Not Pegel's code: what any page must
 * do to show such rows at all.
 */
export interface FloorRow {
  id: number;
  priority: number;
  time: string;
  station: string;
  source: string;
  text: string;
  state: string;
  acknowledgedBy: string;
  cleared: string;
}

export const FLOOR_ROWS = 40;

export function floorRows(): FloorRow[] {
  const time = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'medium' });
  return Array.from({ length: FLOOR_ROWS }, (_, i) => ({
    id: i,
    priority: 1 + (i % 4),
    time: time.format(Date.now() - i * 60_000),
    station: `Pumpwerk Nord ${i}`,
    source: `Druck Zulauf Pumpe ${i}`,
    text: `Grenzwert Druck Zulauf überschritten ${i}`,
    state: 'Unquittiert, steht an',
    acknowledgedBy: '',
    cleared: 'nein',
  }));
}

/** Notes when the frame that holds the rows was painted: an animation frame, then a task. */
export function notePainted(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      (window as Window & { __floorMs?: number }).__floorMs = performance.now();
    }),
  );
}
