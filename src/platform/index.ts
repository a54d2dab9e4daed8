/**
 * Which bridge this page has: the Android app's injected object, the iOS app's message
 * handler, or none (a browser). Embedded mode is exactly "an app bridge was found".
 *
 * Which one is known at once (the apps inject before any script runs); the adapters
 * themselves (`appBridges.ts`) load with the first call inside an app, so a browser tab's
 * critical path does not carry them (issue 42's budget). Every bridge call answers a promise
 * anyway, so the caller sees no difference. Saving a file is `./saveFile.ts`, imported by the
 * pages that save: re-exported here it was part of every tab's first module.
 */
import type { AndroidHost, BridgeReply, ReplyReceiver } from './androidBridge.ts';
import { createBrowserBridge } from './browserBridge.ts';
import type { IosMessageHandler } from './iosBridge.ts';
import type { BridgePlatform, NativeBridge } from './nativeBridge.ts';

export * from './nativeBridge.ts';

/** The parts of `window` the apps inject into. */
export interface BridgeHostWindow extends ReplyReceiver {
  PegelAndroid?: AndroidHost;
  webkit?: { messageHandlers?: { pegel?: IosMessageHandler } };
}

/** The app around this page, by what it injected; `browser` when none. */
export function bridgePlatform(host: BridgeHostWindow): BridgePlatform {
  if (host.PegelAndroid && typeof host.PegelAndroid === 'object') return 'android';
  const ios = host.webkit?.messageHandlers?.pegel;
  if (ios && typeof ios.postMessage === 'function') return 'ios';
  return 'browser';
}

export function createNativeBridge(host: BridgeHostWindow): NativeBridge {
  const platform = bridgePlatform(host);
  if (platform === 'browser') return createBrowserBridge();
  let loading: Promise<NativeBridge> | null = null;
  const app = () =>
    (loading ??= import('./appBridges.ts').then(
      ({ createAppBridge }) => createAppBridge(host) ?? createBrowserBridge(),
    ));
  return {
    platform,
    embedded: true,
    featureList: () => app().then((b) => b.featureList()),
    appInfo: () => app().then((b) => b.appInfo()),
    loginUser: () => app().then((b) => b.loginUser()),
    loginMode: () => app().then((b) => b.loginMode()),
    connectionName: () => app().then((b) => b.connectionName()),
    setTokensAndLogin: (payload) => app().then((b) => b.setTokensAndLogin(payload)),
    showSettings: () => app().then((b) => b.showSettings()),
    downloadFile: (file) => app().then((b) => b.downloadFile(file)),
    canScanQrCode: () => app().then((b) => b.canScanQrCode()),
    scanQrCode: () => app().then((b) => b.scanQrCode()),
  };
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
