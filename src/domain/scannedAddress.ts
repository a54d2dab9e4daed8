/**
 * What a scanned QR code may open (SPEC §2 "QR code scan"): QR1: an address of this
 * application opens in-app; QR2: an address of another origin is refused, naming it, so a
 * planted sticker cannot lead an operator to a look-alike site; QR3: text that is no web
 * address is refused as such.
 */
import { type RuleMessage, ruleMessage } from './validation/ruleMessage.ts';

export const SCAN_KEYS = {
  refusedTitle: 'validation.qrScan.refusedTitle',
  otherOrigin: 'validation.qrScan.otherOrigin',
  notAnAddress: 'validation.qrScan.notAnAddress',
} as const;

export type ScannedAddress = { ok: true; path: string } | { ok: false; message: RuleMessage };

const MAX_SHOWN = 120;

export function scannedAddress(text: string, origin: string): ScannedAddress {
  const trimmed = text.trim();
  const shown = trimmed.length > MAX_SHOWN ? `${trimmed.slice(0, MAX_SHOWN)}…` : trimmed;
  const notAnAddress = {
    ok: false as const,
    message: ruleMessage(SCAN_KEYS.notAnAddress, { text: shown }),
  };
  let url: URL;
  try {
    // A path alone ('/stations/3') is read against this origin; anything that leaves it
    // ('//host', '/\host') shows up as another origin below.
    url = trimmed.startsWith('/') ? new URL(trimmed, origin) : new URL(trimmed);
  } catch {
    return notAnAddress;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return notAnAddress;
  if (url.origin !== new URL(origin).origin)
    return { ok: false, message: ruleMessage(SCAN_KEYS.otherOrigin, { origin: url.origin }) };
  return { ok: true, path: `${url.pathname}${url.search}${url.hash}` };
}
