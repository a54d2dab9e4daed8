import { describe, expect, it } from 'vitest';
import { scannedAddress } from '../../../src/domain/scannedAddress.ts';

const ORIGIN = 'https://pegel.talaue.example';

describe('scanned QR codes (SPEC §2 QR code scan)', () => {
  it('QR1: an address of this application opens in-app with its query and fragment', () => {
    expect(scannedAddress(`${ORIGIN}/stations/3?tab=pv#x`, ORIGIN)).toEqual({
      ok: true,
      path: '/stations/3?tab=pv#x',
    });
    expect(scannedAddress(` ${ORIGIN}/trend/realtime?pv=AnaIn-100001 `, ORIGIN)).toEqual({
      ok: true,
      path: '/trend/realtime?pv=AnaIn-100001',
    });
    expect(scannedAddress('/dashboard/2', ORIGIN)).toEqual({ ok: true, path: '/dashboard/2' });
  });

  it('QR2: an address of another origin is refused, naming that origin', () => {
    for (const [text, origin] of [
      ['https://evil.example/stations/3', 'https://evil.example'],
      ['http://pegel.talaue.example/stations/3', 'http://pegel.talaue.example'],
      ['https://pegel.talaue.example:8443/x', 'https://pegel.talaue.example:8443'],
      ['//evil.example/x', 'https://evil.example'],
      ['/\\evil.example/x', 'https://evil.example'],
    ])
      expect(scannedAddress(text!, ORIGIN), text).toEqual({
        ok: false,
        message: { key: 'validation.qrScan.otherOrigin', params: { origin } },
      });
  });

  it('QR3: text that is no web address is refused as such', () => {
    for (const text of [
      'WIFI:S:Leitstelle;T:WPA;P:geheim;;',
      'javascript:alert(1)',
      'Pumpe 3',
      'file:///etc/passwd',
    ])
      expect(scannedAddress(text, ORIGIN), text).toEqual({
        ok: false,
        message: { key: 'validation.qrScan.notAnAddress', params: { text } },
      });
  });
});
