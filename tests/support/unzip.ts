/**
 * The entries of a ZIP archive (an XLSX file) as text, read by fflate: stored and deflated
 * entries, data descriptors, zip64 and UTF-8 names, as a spreadsheet program reads them.
 */
import { strFromU8, unzipSync } from 'fflate';

export function unzipText(bytes: Uint8Array): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, data] of Object.entries(unzipSync(bytes))) files.set(name, strFromU8(data));
  return files;
}
