/**
 * The two app adapters, in their own chunk: a browser tab (nearly every tab) never loads
 * them. `index.ts` imports this module at the first bridge call inside an app.
 */
import { createAndroidBridge } from './androidBridge.ts';
import { createIosBridge } from './iosBridge.ts';
import type { NativeBridge } from './nativeBridge.ts';
import type { BridgeHostWindow } from './index.ts';

export function createAppBridge(host: BridgeHostWindow): NativeBridge | null {
  if (host.PegelAndroid && typeof host.PegelAndroid === 'object')
    return createAndroidBridge(host.PegelAndroid, host);
  const ios = host.webkit?.messageHandlers?.pegel;
  if (ios && typeof ios.postMessage === 'function') return createIosBridge(ios);
  return null;
}
