/**
 * Which bridge this page has: the Android app's injected object, the iOS app's message
 * handler, or none (a browser). Embedded mode is exactly "an app bridge was found".
 */
import {
  createAndroidBridge,
  type AndroidHost,
  type BridgeReply,
  type ReplyReceiver,
} from './androidBridge.ts';
import { createBrowserBridge } from './browserBridge.ts';
import { createIosBridge, type IosMessageHandler } from './iosBridge.ts';
import type { NativeBridge } from './nativeBridge.ts';

export * from './nativeBridge.ts';
export { saveFile, saveFromUrl } from './saveFile.ts';

/** The parts of `window` the apps inject into. */
export interface BridgeHostWindow extends ReplyReceiver {
  PegelAndroid?: AndroidHost;
  webkit?: { messageHandlers?: { pegel?: IosMessageHandler } };
}

export function createNativeBridge(host: BridgeHostWindow): NativeBridge {
  if (host.PegelAndroid && typeof host.PegelAndroid === 'object')
    return createAndroidBridge(host.PegelAndroid, host);
  const ios = host.webkit?.messageHandlers?.pegel;
  if (ios && typeof ios.postMessage === 'function') return createIosBridge(ios);
  return createBrowserBridge();
}

declare global {
  interface Window {
    PegelAndroid?: AndroidHost;
    webkit?: { messageHandlers?: { pegel?: IosMessageHandler } };
    pegelBridgeReply?: BridgeReply;
  }
}

let bridge: NativeBridge | null = null;

/** This page's bridge, detected on first use (the apps inject before any script runs). */
export function nativeBridge(): NativeBridge {
  bridge ??= createNativeBridge(window);
  return bridge;
}
