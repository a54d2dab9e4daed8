/** A first sign-in a newcomer can do (README "Quick start") — rules DC1, DC2. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCode, withQrCodes } from '../../../server/auth/demoCodes.ts';
import { totpCode } from '../../../server/auth/totp.ts';
import { UserStore } from '../../../server/auth/UserStore.ts';
import { openDatabase } from '../../../server/store/db.ts';
import { tempDirPerTest } from '../../support/tempDirs.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const dataDir = tempDirPerTest('pegel-demo-');

describe('demo sign-in help', () => {
  it('DC1: the first start prints a QR code after every otpauth line, and says how to do without', async () => {
    const dir = dataDir();
    const db = openDatabase(dir);
    const notes = new UserStore(db).ensureDemoAccounts({
      fixedPassword: null,
      fixedTotpSecret: null,
      domainManaged: [],
      nowMs: Date.now(),
    });
    db.close();
    const printed = await withQrCodes(notes);
    const uris = notes.filter((l) => l.includes('otpauth://'));
    expect(uris).toHaveLength(4);
    // Each QR (half-block characters) follows its account's line.
    for (const line of uris) {
      const qr = printed[printed.indexOf(line) + 1]!;
      expect(qr).toMatch(/[▀▄█]/);
      expect(qr.split('\n').length).toBeGreaterThan(15);
    }
    expect(printed.at(-1)).toContain('npm run demo-code');
    // A second start prints no accounts and no QR codes.
    expect(await withQrCodes([])).toEqual([]);
  });

  it('DC2: demo-code reads the current code of an account from the data folder', () => {
    const dir = dataDir();
    const db = openDatabase(dir);
    new UserStore(db).ensureDemoAccounts({
      fixedPassword: 'irrelevant-Pw1',
      fixedTotpSecret: SECRET,
      domainManaged: [],
      nowMs: Date.now(),
    });
    db.close();
    const now = Date.parse('2026-11-23T10:00:07Z');
    expect(demoCode(dir, 'operator', now)).toEqual({
      username: 'operator',
      code: totpCode(SECRET, now),
      validForS: 23,
    });
    expect(demoCode(dir, 'nobody', now)).toBeNull();
    expect(() => demoCode(join(dir, 'missing'), 'operator')).toThrow(/start the server first/);
  });
});
