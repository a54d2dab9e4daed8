/**
 * The checks of what an app answers, shared by the Android and iOS adapters: the app is
 * another program, so nothing it answers is trusted unread. Loaded with the adapters, only
 * inside an app (see `index.ts`).
 */
import type { LoginResponse } from '../contract/auth.ts';
import { LOGIN_OUTCOMES } from '../contract/auth.ts';
import {
  BridgeError,
  type AppInfo,
  type BridgeAction,
  type LoginMode,
  type QrScanResult,
} from './nativeBridge.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readFeatureList(value: unknown, action: BridgeAction): readonly string[] {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  throw new BridgeError('malformed', action, 'a list of feature names was expected');
}

export function readAppInfo(value: unknown, action: BridgeAction): AppInfo {
  if (isRecord(value) && typeof value.version === 'string') return { version: value.version };
  throw new BridgeError('malformed', action, '{version} was expected');
}

export function readLoginMode(value: unknown, action: BridgeAction): LoginMode {
  if (isRecord(value) && typeof value.manual === 'boolean') return { manual: value.manual };
  throw new BridgeError('malformed', action, '{manual} was expected');
}

export function readText(value: unknown, action: BridgeAction): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  throw new BridgeError('malformed', action, 'a text was expected');
}

export function readLoginResponse(value: unknown, action: BridgeAction): LoginResponse {
  if (
    isRecord(value) &&
    typeof value.status === 'string' &&
    (LOGIN_OUTCOMES as readonly string[]).includes(value.status)
  ) {
    const response: LoginResponse = { status: value.status as LoginResponse['status'] };
    if (typeof value.lockedUntil === 'number') response.lockedUntil = value.lockedUntil;
    if (typeof value.csrfToken === 'string') response.csrfToken = value.csrfToken;
    return response;
  }
  throw new BridgeError('malformed', action, 'a sign-in status was expected');
}

export function readScanResult(value: unknown, action: BridgeAction): QrScanResult {
  if (isRecord(value) && typeof value.text === 'string') return { text: value.text };
  if (isRecord(value) && value.cancelled === true) return { cancelled: true };
  throw new BridgeError('malformed', action, '{text} or {cancelled} was expected');
}

/** Rejects with `timeout` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, action: BridgeAction): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BridgeError('timeout', action, `${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
