import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginRequest } from '../../../src/contract/auth.ts';
import {
  createAndroidBridge,
  type AndroidHost,
  type ReplyReceiver,
} from '../../../src/platform/androidBridge.ts';
import { createBrowserBridge } from '../../../src/platform/browserBridge.ts';
import { createIosBridge, type IosMessage } from '../../../src/platform/iosBridge.ts';
import { createNativeBridge } from '../../../src/platform/index.ts';
import { BridgeError, IOS_LOGIN_MODE_TIMEOUT_MS } from '../../../src/platform/nativeBridge.ts';

const PAYLOAD: LoginRequest = {
  csrfToken: 'csrf-1',
  recaptchaToken: 'rc-1',
  username: 'operator',
  password: 'secret',
};

/** The Android double: what an app injects as `PegelAndroid`, with a log of calls. */
function androidDouble(features: string[] = ['scanQrCode']) {
  const calls: unknown[][] = [];
  const receiver: ReplyReceiver = {};
  const host: Required<AndroidHost> = {
    getFeatureList: () => JSON.stringify(features),
    getAppInfo: () => JSON.stringify({ version: '3.2.1' }),
    getLoginUser: () => 'operator',
    getLoginMode: () => JSON.stringify({ manual: true }),
    getConnectionName: () => 'Leitstelle Talaue',
    setTokensAndLogin: (id, json) => {
      calls.push(['setTokensAndLogin', id, JSON.parse(json)]);
    },
    showSettings: () => {
      calls.push(['showSettings']);
    },
    downloadFile: (url, fileName, mimeType) => {
      calls.push(['downloadFile', url, fileName, mimeType]);
    },
    scanQrCode: (id) => {
      calls.push(['scanQrCode', id]);
    },
  };
  return { host, calls, receiver };
}

/** The iOS double: a message handler whose answers the test decides. */
function iosDouble(answer: (m: IosMessage) => Promise<unknown>) {
  const posted: IosMessage[] = [];
  return {
    posted,
    handler: {
      postMessage: (m: IosMessage) => {
        posted.push(m);
        return answer(m);
      },
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('native app bridge: Android adapter', () => {
  it('NB1: the getters read the app answers (feature list, app info, login user, login mode, connection name)', async () => {
    const { host, receiver } = androidDouble();
    const bridge = createAndroidBridge(host, receiver);
    expect(bridge.platform).toBe('android');
    expect(bridge.embedded).toBe(true);
    expect(await bridge.featureList()).toEqual(['scanQrCode']);
    expect(await bridge.appInfo()).toEqual({ version: '3.2.1' });
    expect(await bridge.loginUser()).toBe('operator');
    expect(await bridge.loginMode()).toEqual({ manual: true });
    expect(await bridge.connectionName()).toBe('Leitstelle Talaue');
  });

  it('NB2: set tokens and log in hands the app the login payload; the app answers later through pegelBridgeReply', async () => {
    const { host, calls, receiver } = androidDouble();
    const bridge = createAndroidBridge(host, receiver);
    const answer = bridge.setTokensAndLogin(PAYLOAD);
    const [, id, payload] = calls.find((c) => c[0] === 'setTokensAndLogin')!;
    expect(payload).toEqual(PAYLOAD);
    receiver.pegelBridgeReply!(String(id), JSON.stringify({ status: 'SecondFactorRequired' }));
    expect(await answer).toEqual({ status: 'SecondFactorRequired' });
  });

  it('NB3: QR scan is available only when the app reports the feature scanQrCode, and answers the text', async () => {
    const without = androidDouble([]);
    expect(await createAndroidBridge(without.host, without.receiver).canScanQrCode()).toBe(false);
    const { host, calls, receiver } = androidDouble(['downloadFile', 'scanQrCode']);
    const bridge = createAndroidBridge(host, receiver);
    expect(await bridge.canScanQrCode()).toBe(true);
    const scan = bridge.scanQrCode();
    const [, id] = calls.find((c) => c[0] === 'scanQrCode')!;
    receiver.pegelBridgeReply!(
      String(id),
      JSON.stringify({ text: 'https://x.example/stations/3' }),
    );
    expect(await scan).toEqual({ text: 'https://x.example/stations/3' });
    const cancelled = bridge.scanQrCode();
    const [, id2] = calls.filter((c) => c[0] === 'scanQrCode')[1]!;
    receiver.pegelBridgeReply!(String(id2), JSON.stringify({ cancelled: true }));
    expect(await cancelled).toEqual({ cancelled: true });
  });

  it('NB4: show settings and download file reach the app', async () => {
    const { host, calls, receiver } = androidDouble();
    const bridge = createAndroidBridge(host, receiver);
    await bridge.showSettings();
    await bridge.downloadFile({
      url: 'data:text/csv;base64,YQ==',
      fileName: 'a.csv',
      mimeType: 'text/csv',
    });
    expect(calls).toEqual([
      ['showSettings'],
      ['downloadFile', 'data:text/csv;base64,YQ==', 'a.csv', 'text/csv'],
    ]);
  });

  it('NB5: a method the app lacks, an error reply and a malformed answer each reject with their reason', async () => {
    const { host, calls, receiver } = androidDouble();
    const partial: AndroidHost = {
      getFeatureList: host.getFeatureList,
      setTokensAndLogin: host.setTokensAndLogin,
    };
    const bridge = createAndroidBridge(partial, receiver);
    await expect(bridge.appInfo()).rejects.toMatchObject({
      code: 'unavailable',
      action: 'getAppInfo',
    });
    expect(await bridge.canScanQrCode()).toBe(false);
    const login = bridge.setTokensAndLogin(PAYLOAD);
    const [, id] = calls.find((c) => c[0] === 'setTokensAndLogin')!;
    receiver.pegelBridgeReply!(String(id), null, 'no network');
    await expect(login).rejects.toMatchObject({ code: 'failed', action: 'setTokensAndLogin' });
    const odd = createAndroidBridge({ ...host, getLoginMode: () => '{"manual":"yes"}' }, {});
    await expect(odd.loginMode()).rejects.toBeInstanceOf(BridgeError);
    await expect(odd.loginMode()).rejects.toMatchObject({ code: 'malformed' });
    const throwing = createAndroidBridge(
      {
        ...host,
        getAppInfo: () => {
          throw new Error('java.lang.IllegalStateException');
        },
      },
      {},
    );
    await expect(throwing.appInfo()).rejects.toMatchObject({ code: 'failed' });
  });
});

describe('native app bridge: iOS adapter', () => {
  it('NB6: each action is posted as {action, payload} and the reply is read', async () => {
    const { handler, posted } = iosDouble(async (m) => {
      switch (m.action) {
        case 'getFeatureList':
          return ['scanQrCode'];
        case 'getAppInfo':
          return { version: '2.0.0' };
        case 'getLoginUser':
          return 'maintenance';
        case 'getLoginMode':
          return { manual: false };
        case 'getConnectionName':
          return 'Klärwerk';
        case 'setTokensAndLogin':
          return { status: 'Success', csrfToken: 'session-csrf' };
        case 'scanQrCode':
          return { text: '/dashboard/1' };
        default:
          return null;
      }
    });
    const bridge = createIosBridge(handler);
    expect(bridge.platform).toBe('ios');
    expect(await bridge.featureList()).toEqual(['scanQrCode']);
    expect(await bridge.appInfo()).toEqual({ version: '2.0.0' });
    expect(await bridge.loginUser()).toBe('maintenance');
    expect(await bridge.loginMode()).toEqual({ manual: false });
    expect(await bridge.connectionName()).toBe('Klärwerk');
    expect(await bridge.setTokensAndLogin(PAYLOAD)).toEqual({
      status: 'Success',
      csrfToken: 'session-csrf',
    });
    await bridge.showSettings();
    await bridge.downloadFile({
      url: 'https://p.example/a.pdf',
      fileName: 'a.pdf',
      mimeType: 'application/pdf',
    });
    expect(await bridge.canScanQrCode()).toBe(true);
    expect(await bridge.scanQrCode()).toEqual({ text: '/dashboard/1' });
    expect(posted.find((m) => m.action === 'setTokensAndLogin')?.payload).toEqual(PAYLOAD);
    expect(posted.find((m) => m.action === 'downloadFile')?.payload).toEqual({
      url: 'https://p.example/a.pdf',
      fileName: 'a.pdf',
      mimeType: 'application/pdf',
    });
    expect(posted.map((m) => m.action)).toContain('showSettings');
  });

  it('NB7: the login-mode call fails after 500 ms without an answer', async () => {
    vi.useFakeTimers();
    const { handler } = iosDouble(() => new Promise(() => {}));
    const bridge = createIosBridge(handler);
    const mode = bridge.loginMode();
    const outcome = mode.then(
      () => 'answered',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(IOS_LOGIN_MODE_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'timeout', action: 'getLoginMode' });
  });

  it('NB7: an answer within 500 ms is taken', async () => {
    vi.useFakeTimers();
    const { handler } = iosDouble(
      () => new Promise((resolve) => setTimeout(() => resolve({ manual: true }), 450)),
    );
    const mode = createIosBridge(handler).loginMode();
    await vi.advanceTimersByTimeAsync(450);
    expect(await mode).toEqual({ manual: true });
  });

  it('NB8: a rejected post becomes a failed BridgeError naming the action', async () => {
    const { handler } = iosDouble(() => Promise.reject(new Error('unknown handler action')));
    await expect(createIosBridge(handler).showSettings()).rejects.toMatchObject({
      code: 'failed',
      action: 'showSettings',
    });
  });
});

describe('native app bridge: browser and detection', () => {
  it('NB9: in a browser the getters answer nothing and commands are refused as unavailable', async () => {
    const bridge = createBrowserBridge();
    expect(bridge.embedded).toBe(false);
    expect(await bridge.featureList()).toEqual([]);
    expect(await bridge.appInfo()).toBeNull();
    expect(await bridge.loginMode()).toBeNull();
    expect(await bridge.canScanQrCode()).toBe(false);
    await expect(bridge.setTokensAndLogin(PAYLOAD)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(bridge.scanQrCode()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('NB10: embedded mode is detected by the bridge object the app injects', () => {
    const android = androidDouble();
    expect(createNativeBridge({ PegelAndroid: android.host }).platform).toBe('android');
    const ios = iosDouble(async () => null);
    expect(
      createNativeBridge({ webkit: { messageHandlers: { pegel: ios.handler } } }).platform,
    ).toBe('ios');
    expect(createNativeBridge({}).platform).toBe('browser');
    expect(createNativeBridge({ webkit: { messageHandlers: {} } }).embedded).toBe(false);
  });

  it('NB10: the detected bridge loads its adapter at the first call and answers through it (Android replies included)', async () => {
    const { host, calls } = androidDouble();
    const window: { PegelAndroid: AndroidHost } & ReplyReceiver = { PegelAndroid: host };
    const bridge = createNativeBridge(window);
    expect(bridge.embedded).toBe(true);
    expect(await bridge.appInfo()).toEqual({ version: '3.2.1' });
    expect(await bridge.canScanQrCode()).toBe(true);
    const answer = bridge.setTokensAndLogin(PAYLOAD);
    await expect.poll(() => calls.length).toBe(1);
    const id = calls[0]![1] as string;
    window.pegelBridgeReply!(id, JSON.stringify({ status: 'Success' }));
    expect(await answer).toEqual({ status: 'Success' });

    const ios = iosDouble(async (m) => (m.action === 'getConnectionName' ? 'Talaue' : null));
    const iosBridge = createNativeBridge({ webkit: { messageHandlers: { pegel: ios.handler } } });
    expect(await iosBridge.connectionName()).toBe('Talaue');
    expect(ios.posted).toEqual([{ action: 'getConnectionName' }]);
  });
});
