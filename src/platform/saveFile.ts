/**
 * Saving a file: in a browser through a download link; inside the app through its
 * "download file" action, because a web view does not save downloads by itself. Should the
 * app refuse, the browser's way is tried, so an export is never silently lost.
 */
import type { NativeBridge } from './nativeBridge.ts';

function clickDownload(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** Saves bytes made in the tab (a CSV, an export) under `fileName`. */
export async function saveFile(bridge: NativeBridge, blob: Blob, fileName: string): Promise<void> {
  if (bridge.embedded) {
    try {
      const url = await dataUrlOf(blob);
      await bridge.downloadFile({
        url,
        fileName,
        mimeType: blob.type || 'application/octet-stream',
      });
      return;
    } catch (error) {
      console.warn('the app did not take the download; trying the browser way', error);
    }
  }
  const url = URL.createObjectURL(blob);
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves a file the server serves (`url` of this origin). Returns false in a browser, where
 * the caller's own download link does the work.
 */
export async function saveFromUrl(
  bridge: NativeBridge,
  url: string,
  fileName: string,
  mimeType = 'application/octet-stream',
): Promise<boolean> {
  if (!bridge.embedded) return false;
  const absolute = new URL(url, window.location.href).href;
  try {
    await bridge.downloadFile({ url: absolute, fileName, mimeType });
    return true;
  } catch (error) {
    console.warn('the app did not take the download', error);
    return false;
  }
}
