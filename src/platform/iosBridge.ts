/**
 * The iOS adapter. The app registers a WKScriptMessageHandlerWithReply named `pegel`; the
 * page posts `{action, payload}` to `window.webkit.messageHandlers.pegel` and the promise
 * `postMessage` returns settles with the app's answer (any JSON value). SPEC §2: the
 * login-mode call fails after 500 ms without an answer (an app that does not know the
 * action never answers), and the sign-in form then asks for the password as in a browser.
 */
import type { LoginRequest, LoginResponse } from '../contract/auth.ts';
import {
  BRIDGE_LOGIN_TIMEOUT_MS,
  BridgeError,
  IOS_LOGIN_MODE_TIMEOUT_MS,
  type BridgeAction,
  type BridgeDownload,
  type NativeBridge,
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

export interface IosMessage {
  action: BridgeAction;
  payload?: LoginRequest | BridgeDownload;
}

/** `window.webkit.messageHandlers.pegel` as WebKit exposes it to the page. */
export interface IosMessageHandler {
  postMessage(message: IosMessage): Promise<unknown>;
}

export function createIosBridge(handler: IosMessageHandler): NativeBridge {
  async function post(action: BridgeAction, payload?: IosMessage['payload']): Promise<unknown> {
    const message: IosMessage = payload === undefined ? { action } : { action, payload };
    let answer: Promise<unknown>;
    try {
      answer = Promise.resolve(handler.postMessage(message));
    } catch (e) {
      throw new BridgeError('failed', action, e instanceof Error ? e.message : String(e));
    }
    try {
      return await answer;
    } catch (e) {
      if (e instanceof BridgeError) throw e;
      throw new BridgeError('failed', action, e instanceof Error ? e.message : String(e));
    }
  }

  return {
    platform: 'ios',
    embedded: true,
    featureList: async () => readFeatureList(await post('getFeatureList'), 'getFeatureList'),
    appInfo: async () => readAppInfo(await post('getAppInfo'), 'getAppInfo'),
    loginUser: async () => readText(await post('getLoginUser'), 'getLoginUser'),
    loginMode: async () =>
      readLoginMode(
        await withTimeout(post('getLoginMode'), IOS_LOGIN_MODE_TIMEOUT_MS, 'getLoginMode'),
        'getLoginMode',
      ),
    connectionName: async () => readText(await post('getConnectionName'), 'getConnectionName'),
    setTokensAndLogin: async (payload: LoginRequest): Promise<LoginResponse> =>
      readLoginResponse(
        await withTimeout(
          post('setTokensAndLogin', payload),
          BRIDGE_LOGIN_TIMEOUT_MS,
          'setTokensAndLogin',
        ),
        'setTokensAndLogin',
      ),
    showSettings: async () => {
      await post('showSettings');
    },
    downloadFile: async (file) => {
      await post('downloadFile', file);
    },
    // SPEC §2 makes the scan conditional on a reported feature only on Android; the iOS app
    // always has its scanner.
    canScanQrCode: () => Promise.resolve(true),
    scanQrCode: async () => readScanResult(await post('scanQrCode'), 'scanQrCode'),
  };
}
