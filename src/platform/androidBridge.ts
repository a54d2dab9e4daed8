/**
 * The Android adapter. The app injects one object with `addJavascriptInterface(…,
 * "PegelAndroid")`; such methods take and return only strings, so structured answers come as
 * JSON. The getters answer at once; the two calls that wait for something (the sign-in, the
 * camera) take a request id and the app answers later by evaluating
 * `window.pegelBridgeReply(id, resultJson)` (or `(id, null, errorText)`).
 */
import type { LoginRequest, LoginResponse } from '../contract/auth.ts';
import {
  BRIDGE_LOGIN_TIMEOUT_MS,
  BridgeError,
  FEATURE_SCAN_QR_CODE,
  type BridgeAction,
  type NativeBridge,
  type QrScanResult,
} from './nativeBridge.ts';
import {
  readAppInfo,
  readFeatureList,
  readLoginMode,
  readLoginResponse,
  readScanResult,
  readText,
  withTimeout,
} from './bridgeAnswers.ts';

/** What the Android app exposes as `window.PegelAndroid`. Older apps may lack methods. */
export interface AndroidHost {
  getFeatureList?(): string;
  getAppInfo?(): string;
  getLoginUser?(): string;
  getLoginMode?(): string;
  getConnectionName?(): string;
  setTokensAndLogin?(requestId: string, payloadJson: string): void;
  showSettings?(): void;
  downloadFile?(url: string, fileName: string, mimeType: string): void;
  scanQrCode?(requestId: string): void;
}

export type BridgeReply = (requestId: string, resultJson: string | null, error?: string) => void;

/** Where the web client receives the app's late answers (the page's `window`). */
export interface ReplyReceiver {
  pegelBridgeReply?: BridgeReply;
}

function parseJson(text: unknown, action: BridgeAction): unknown {
  if (typeof text !== 'string') throw new BridgeError('malformed', action, 'JSON text expected');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BridgeError('malformed', action, 'not JSON');
  }
}

export function createAndroidBridge(host: AndroidHost, receiver: ReplyReceiver): NativeBridge {
  const pending = new Map<
    string,
    { action: BridgeAction; resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  let next = 0;
  receiver.pegelBridgeReply = (requestId, resultJson, error) => {
    const waiting = pending.get(requestId);
    if (!waiting) return;
    pending.delete(requestId);
    if (error !== undefined && error !== null) {
      waiting.reject(new BridgeError('failed', waiting.action, String(error)));
      return;
    }
    try {
      waiting.resolve(parseJson(resultJson, waiting.action));
    } catch (e) {
      waiting.reject(e);
    }
  };

  /** A synchronous getter; a missing method or a Java exception becomes a BridgeError. */
  function call(action: BridgeAction, invoke: (h: AndroidHost) => unknown): unknown {
    const method = host[action as keyof AndroidHost];
    if (typeof method !== 'function') throw new BridgeError('unavailable', action);
    try {
      return invoke(host);
    } catch (e) {
      throw new BridgeError('failed', action, e instanceof Error ? e.message : String(e));
    }
  }

  /** A call the app answers later through `pegelBridgeReply`. */
  function request(action: BridgeAction, send: (requestId: string) => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const requestId = `${action}-${++next}`;
      pending.set(requestId, { action, resolve, reject });
      try {
        call(action, () => send(requestId));
      } catch (e) {
        pending.delete(requestId);
        reject(e);
      }
    });
  }

  const sync = <T>(action: BridgeAction, read: () => T): Promise<T> => {
    try {
      return Promise.resolve(read());
    } catch (e) {
      return Promise.reject(e);
    }
  };

  /** A getter answering JSON (`json`) or plain text, its answer checked by `read`. */
  const getter =
    <T>(
      action:
        'getFeatureList' | 'getAppInfo' | 'getLoginUser' | 'getLoginMode' | 'getConnectionName',
      json: boolean,
      read: (value: unknown, action: BridgeAction) => T,
    ) =>
    () =>
      sync(action, () => {
        const answer = call(action, (h) => h[action]!());
        return read(json ? parseJson(answer, action) : answer, action);
      });
  const featureList = getter('getFeatureList', true, readFeatureList);

  return {
    platform: 'android',
    embedded: true,
    featureList,
    appInfo: getter('getAppInfo', true, readAppInfo),
    loginUser: getter('getLoginUser', false, readText),
    loginMode: getter('getLoginMode', true, readLoginMode),
    connectionName: getter('getConnectionName', false, readText),
    setTokensAndLogin: async (payload: LoginRequest): Promise<LoginResponse> => {
      const answer = await withTimeout(
        request('setTokensAndLogin', (id) => host.setTokensAndLogin!(id, JSON.stringify(payload))),
        BRIDGE_LOGIN_TIMEOUT_MS,
        'setTokensAndLogin',
      );
      return readLoginResponse(answer, 'setTokensAndLogin');
    },
    showSettings: () =>
      sync('showSettings', () => void call('showSettings', (h) => h.showSettings!())),
    downloadFile: (file) =>
      sync(
        'downloadFile',
        () =>
          void call('downloadFile', (h) => h.downloadFile!(file.url, file.fileName, file.mimeType)),
      ),
    // SPEC §2: on Android the QR scan is available if the app reports the feature scanQrCode.
    canScanQrCode: async () => {
      if (typeof host.scanQrCode !== 'function') return false;
      try {
        return (await featureList()).includes(FEATURE_SCAN_QR_CODE);
      } catch {
        return false;
      }
    },
    scanQrCode: async (): Promise<QrScanResult> =>
      readScanResult(await request('scanQrCode', (id) => host.scanQrCode!(id)), 'scanQrCode'),
  };
}
