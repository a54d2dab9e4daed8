/**
 * Which texts of an alert row fit their cells whole (issue 58, the current list at low rates).
 * A cell cut with an ellipsis needs a clip (`overflow: hidden`), and every clip is a paint
 * chunk of its own that the browser's layerize walks in every frame: with all cells clipped a
 * screen of rows was ~280 clips, and a new alert's frame paid for them. A text that fits is
 * drawn in a cell without a clip; only a text that does not fit is cut (a name in the middle,
 * other cells at the end) and carries its full text as its title.
 *
 * The widths are the cells' own, from a hidden ruler row in the rows' grid (so the scrollbar
 * and the page's width are in them), and the texts are measured on a canvas in the cells' own
 * font: the operator's machine decides, whatever its system font. A text counts as fitting
 * only with `FIT_SLACK_PX` to spare; the column gap (0.5rem) lies beyond that. The list reads
 * the widths in the commit that mounts its ruler, before the first paint, and renders its
 * rows once they are known; without a canvas or a layout (`NO_FIT`) every text is cut. Shared
 * by the list (`AlertTable.tsx`) and its floor page (`bench/baseline/floor/main.ts`).
 */

/** The cells whose text may be cut; the checkbox and the priority's number never are. */
export type FitColumn = 'time' | 'station' | 'source' | 'text' | 'state' | 'ackby' | 'cleared';

export const FIT_COLUMNS: readonly FitColumn[] = [
  'time',
  'station',
  'source',
  'text',
  'state',
  'ackby',
  'cleared',
];

/**
 * Room a fitting text keeps to its cell's edge. A canvas and the layout measured the same
 * texts within 0.02 px of each other (de, Chromium, this repository's fonts); layout rounds
 * a box to 1/64 px.
 */
export const FIT_SLACK_PX = 0.5;

/** How a cell's text is drawn: its weight (bold for an unacknowledged alarm's text) and slant. */
export interface TextLook {
  bold?: boolean;
  italic?: boolean;
}

export interface CellFit {
  /** Whether `text` fits the cell of `column` whole, drawn as `look`. */
  fits(column: FitColumn, text: string, look?: TextLook): boolean;
}

/** Before the cells are measured: every text is cut. */
export const NO_FIT: CellFit = { fits: () => false };

/** The cells' font as computed, and the weight the rows use for bold. */
export interface CellFont {
  family: string;
  size: string;
  weight: string;
  boldWeight: string;
}

/** Measures a text's width in px in a CSS font (`measureText` of a 2D canvas in the page). */
export type MeasureText = (font: string, text: string) => number;

/** Widths seen, by font and text, kept until this many (then started again). */
const CACHE_CAP = 4000;

/** A canvas measure, or null where there is no 2D canvas (then every text is cut). */
export function canvasMeasure(): MeasureText | null {
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return null;
  // The context keeps its font in a form of its own: compare with the one last set.
  let set = '';
  return (font, text) => {
    if (font !== set) context.font = set = font;
    return context.measureText(text).width;
  };
}

/**
 * The fit of a row's texts in cells `widths` px wide (content boxes), measured with `measure`
 * in `font`. The time is measured with its digits as zeros: the cell draws tabular figures,
 * which a canvas cannot, and a tabular figure is as wide as a zero.
 */
export function cellFit(
  widths: Readonly<Record<FitColumn, number>>,
  font: CellFont,
  measure: MeasureText,
): CellFit {
  const cache = new Map<string, number>();
  // The four fonts a row draws in, made once: `fits` runs for every cell a row renders.
  const fontOf = (bold: boolean, italic: boolean) =>
    `${italic ? 'italic ' : ''}${bold ? font.boldWeight : font.weight} ${font.size} ${font.family}`;
  const fonts = [
    fontOf(false, false),
    fontOf(true, false),
    fontOf(false, true),
    fontOf(true, true),
  ];
  return {
    fits(column, text, look) {
      if (text === '') return true;
      const shown = column === 'time' ? text.replace(/\d/g, '0') : text;
      const css = fonts[(look?.bold ? 1 : 0) + (look?.italic ? 2 : 0)]!;
      const key = `${css}\n${shown}`;
      let width = cache.get(key);
      if (width === undefined) {
        if (cache.size >= CACHE_CAP) cache.clear();
        width = measure(css, shown);
        cache.set(key, width);
      }
      return width + FIT_SLACK_PX <= widths[column];
    },
  };
}

/** The font of a cell as computed (`getComputedStyle`), in the parts `cellFit` takes. */
export function cellFontOf(style: CSSStyleDeclaration, boldWeight = '600'): CellFont {
  return {
    family: style.fontFamily,
    size: style.fontSize,
    weight: style.fontWeight,
    boldWeight,
  };
}
