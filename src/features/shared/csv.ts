/** CSV export of a filtered list, built in the tab and downloaded as a Blob; other downloads. */
import { csvLine } from '../../domain/csvCell.ts';
import { nativeBridge } from '../../platform/index.ts';
import { saveFile } from '../../platform/saveFile.ts';

/**
 * Semicolon-separated (what German spreadsheets open directly), with a BOM for Excel; every
 * cell through the product's one CSV cell (formula characters neutralised, src/domain).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [csvLine(header), ...rows.map(csvLine)];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a download, or to the native app that saves files. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Hands a built file (a workbook, an image) to the browser or the native app as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  void saveFile(nativeBridge(), blob, fileName);
}
