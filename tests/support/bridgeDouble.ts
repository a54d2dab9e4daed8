/**
 * A stand-in for the Android app around the web client, as README "For app developers"
 * describes it: `window.PegelAndroid` with the nine actions, answering late calls through
 * `window.pegelBridgeReply`. Like the real app it signs in with the sign-in calls
 * (POST /api/Account/login with the payload it was handed, sharing the page's cookies), and
 * it keeps a log of every call in `window.__bridgeLog` for the test to read. Installed with
 * `page.addInitScript(installAndroidDouble, options)`, so it must not use anything outside
 * its own body.
 */
export interface AndroidDoubleOptions {
  features: string[];
  version: string;
  loginUser: string;
  manual: boolean;
  connectionName: string;
  /** The password the app keeps for the login user (used when handed an empty one). */
  storedPassword?: string;
}

export interface BridgeLogEntry {
  action: string;
  args: unknown[];
}

export function installAndroidDouble(options: AndroidDoubleOptions): void {
  type Reply = (id: string, json: string | null, error?: string) => void;
  const w = window as unknown as {
    PegelAndroid: Record<string, (...args: string[]) => unknown>;
    pegelBridgeReply?: Reply;
    __bridgeLog: BridgeLogEntry[];
    __bridgeScanAnswer?: string;
  };
  w.__bridgeLog = [];
  const log = (action: string, ...args: unknown[]) => w.__bridgeLog.push({ action, args });
  const reply = (id: string, json: string | null, error?: string) =>
    // The app answers on a later turn, as evaluateJavascript does.
    setTimeout(() => w.pegelBridgeReply?.(id, json, error), 0);
  w.PegelAndroid = {
    getFeatureList: () => (log('getFeatureList'), JSON.stringify(options.features)),
    getAppInfo: () => (log('getAppInfo'), JSON.stringify({ version: options.version })),
    getLoginUser: () => (log('getLoginUser'), options.loginUser),
    getLoginMode: () => (log('getLoginMode'), JSON.stringify({ manual: options.manual })),
    getConnectionName: () => (log('getConnectionName'), options.connectionName),
    setTokensAndLogin: (id: string, payloadJson: string) => {
      const payload = JSON.parse(payloadJson) as Record<string, string>;
      log('setTokensAndLogin', payload);
      const password = payload.password || options.storedPassword || '';
      void fetch('/api/Account/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...payload, password }),
        credentials: 'same-origin',
      })
        .then((r) => r.text())
        .then(
          (text) => reply(id, text),
          (e: unknown) => reply(id, null, String(e)),
        );
    },
    showSettings: () => {
      log('showSettings');
    },
    downloadFile: (url: string, fileName: string, mimeType: string) => {
      log('downloadFile', url, fileName, mimeType);
    },
    scanQrCode: (id: string) => {
      log('scanQrCode');
      reply(id, w.__bridgeScanAnswer ?? JSON.stringify({ cancelled: true }));
    },
  };
}
