/**
 * What a newcomer needs to sign in to the reference server: each demo account's TOTP secret as
 * a QR code in the terminal (scanned by any authenticator app), and the current code of an
 * account read from the data folder (`npm run demo-code -- operator`), for a machine without
 * a phone at hand.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { TOTP_PERIOD_S, totpCode } from './totp.ts';

const OTPAUTH = /otpauth:\/\/\S+/;

/** A QR code drawn with half-block characters, small enough for an 80-column terminal. */
export async function terminalQr(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'L' });
}

export interface DemoCode {
  username: string;
  code: string;
  /** Seconds until the next code. */
  validForS: number;
}

/** The start-up notes with a terminal QR code after each line that holds an otpauth URI. */
export async function withQrCodes(notes: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const line of notes) {
    out.push(line);
    const uri = OTPAUTH.exec(line)?.[0];
    if (uri) out.push(await terminalQr(uri));
  }
  if (out.length > notes.length)
    out.push('  Without a phone: `npm run demo-code -- operator` prints the current code.');
  return out;
}

/**
 * The current TOTP code of an account in the database of `dataDir`; null when there is no
 * such account. Throws when the folder holds no database (the server never started there).
 */
export function demoCode(dataDir: string, username: string, nowMs = Date.now()): DemoCode | null {
  const file = join(dataDir, 'pegel.sqlite');
  if (!existsSync(file)) throw new Error(`No database in ${dataDir}: start the server first.`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT totp_secret FROM users WHERE username = ?').get(username) as
      { totp_secret: string } | undefined;
    if (!row) return null;
    const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S);
    return {
      username,
      code: totpCode(row.totp_secret, nowMs),
      validForS: (step + 1) * TOTP_PERIOD_S - Math.floor(nowMs / 1000),
    };
  } finally {
    db.close();
  }
}
