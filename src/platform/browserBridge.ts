/**
 * The plain browser: no app around the page. Getters answer null (or no features), commands
 * are refused as unavailable, so a caller that forgot to check `embedded` fails visibly.
 */
import { BridgeError, type NativeBridge } from './nativeBridge.ts';

export function createBrowserBridge(): NativeBridge {
  return {
    platform: 'browser',
    embedded: false,
    featureList: () => Promise.resolve([]),
    appInfo: () => Promise.resolve(null),
    loginUser: () => Promise.resolve(null),
    loginMode: () => Promise.resolve(null),
    connectionName: () => Promise.resolve(null),
    setTokensAndLogin: () => Promise.reject(new BridgeError('unavailable', 'setTokensAndLogin')),
    showSettings: () => Promise.reject(new BridgeError('unavailable', 'showSettings')),
    downloadFile: () => Promise.reject(new BridgeError('unavailable', 'downloadFile')),
    canScanQrCode: () => Promise.resolve(false),
    scanQrCode: () => Promise.reject(new BridgeError('unavailable', 'scanQrCode')),
  };
}
