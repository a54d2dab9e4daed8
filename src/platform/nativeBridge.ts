/**
 * The native app bridge (SPEC §2 "Native app bridge actions"): what the web client asks of
 * the Android or iOS app it runs in. One interface, three adapters: Android
 * (`androidBridge.ts`), iOS (`iosBridge.ts`) and the plain browser (`browserBridge.ts`, where
 * every getter answers null and every command is refused as unavailable). The wire shapes
 * each app exposes are described in README.md, "For app developers".
 */
import type { LoginRequest, LoginResponse } from '../contract/auth.ts';

export type BridgePlatform = 'android' | 'ios' | 'browser';

/** The nine actions, named as both apps name them on the wire. */
export const BRIDGE_ACTIONS = [
  'getFeatureList',
  'getAppInfo',
  'getLoginUser',
  'getLoginMode',
  'getConnectionName',
  'setTokensAndLogin',
  'showSettings',
  'downloadFile',
  'scanQrCode',
] as const;
export type BridgeAction = (typeof BRIDGE_ACTIONS)[number];

/** The feature an Android app reports when it can scan QR codes (SPEC §2). */
export const FEATURE_SCAN_QR_CODE = 'scanQrCode';
/** SPEC §2: on iOS the login-mode call fails after this long without an answer. */
export const IOS_LOGIN_MODE_TIMEOUT_MS = 500;
/** Our limit for a sign-in through the app, so the login page never waits for ever. */
export const BRIDGE_LOGIN_TIMEOUT_MS = 30_000;

export interface AppInfo {
  version: string;
}

/** `manual`: the user types the password; otherwise the app signs in with what it keeps. */
export interface LoginMode {
  manual: boolean;
}

/** A file for the app to save: a web address of this origin or a `data:` URL of its bytes. */
export interface BridgeDownload {
  url: string;
  fileName: string;
  mimeType: string;
}

export type QrScanResult = { text: string } | { cancelled: true };

export type BridgeErrorCode = 'unavailable' | 'timeout' | 'malformed' | 'failed';

/** Why a bridge call did not give an answer; `action` says which call. */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  readonly action: BridgeAction;
  constructor(code: BridgeErrorCode, action: BridgeAction, detail?: string) {
    super(`${action}: ${code}${detail ? ` (${detail})` : ''}`);
    this.name = 'BridgeError';
    this.code = code;
    this.action = action;
  }
}

export interface NativeBridge {
  readonly platform: BridgePlatform;
  /** True inside the app: targets open in-app, sign-in, downloads and scans use the app. */
  readonly embedded: boolean;
  /** Feature names the app reports (e.g. `scanQrCode`); empty in a browser. */
  featureList(): Promise<readonly string[]>;
  /** The app's version; null in a browser. */
  appInfo(): Promise<AppInfo | null>;
  /** The user the app signs in as (to fill in the form); null when it has none. */
  loginUser(): Promise<string | null>;
  /** How the app signs in; null in a browser. On iOS rejects with `timeout` after 500 ms. */
  loginMode(): Promise<LoginMode | null>;
  /** The app's name for this server connection; null in a browser. */
  connectionName(): Promise<string | null>;
  /** Hands the login payload to the app, which signs in with the sign-in calls. */
  setTokensAndLogin(payload: LoginRequest): Promise<LoginResponse>;
  /** Opens the app's own settings. */
  showSettings(): Promise<void>;
  /** Lets the app save a file (a web view cannot save downloads itself). */
  downloadFile(file: BridgeDownload): Promise<void>;
  /** Whether the app scans QR codes (Android: when it reports `scanQrCode`). */
  canScanQrCode(): Promise<boolean>;
  /** Opens the app's scanner; answers the code's text or that the user cancelled. */
  scanQrCode(): Promise<QrScanResult>;
}
