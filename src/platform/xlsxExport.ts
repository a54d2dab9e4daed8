/**
 * An Excel file of one sheet (reports, alarm performance), written by write-excel-file (a kept
 * library) and loaded only when a user exports: text as text and numbers as numbers (Excel
 * sums them), empty cells empty, the table's header row bold.
 */

/** One cell of a sheet: text, a number, or empty. */
export type XlsxCell = string | number | null;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limits on a sheet name: 31 characters, none of \ / ? * [ ] :. */
export const sheetNameOf = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/**
 * XL1: one sheet of `rows`; `headerRow` (0-based) is set bold. The library arrives with the
 * first export (its own chunk), not with the report page.
 */
export async function xlsxBlob(
  sheetName: string,
  rows: readonly (readonly XlsxCell[])[],
  headerRow: number | null = null,
): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const data = rows.map((row, r) =>
    row.map((cell) => {
      if (cell === null || cell === '') return null;
      if (typeof cell === 'number' && !Number.isFinite(cell)) return null;
      return r === headerRow ? { value: cell, fontWeight: 'bold' as const } : cell;
    }),
  );
  return writeXlsxFile(data, { sheet: sheetNameOf(sheetName) }).toBlob();
}
