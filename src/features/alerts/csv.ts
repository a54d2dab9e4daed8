/** CSV export of a filtered list, built in the tab and downloaded as a Blob. */
import { nativeBridge } from '../../platform/index.ts';
import { saveFile } from '../../platform/saveFile.ts';

function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Semicolon-separated (what German spreadsheets open directly), with a BOM for Excel. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header.map(cell).join(';'), ...rows.map((r) => r.map(cell).join(';'))];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a download, or to the native app that saves files. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  void saveFile(nativeBridge(), new Blob([text], { type }), fileName);
}
