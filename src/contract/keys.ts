/**
 * Live-subscription keys (SPEC §3, DESIGN.md "Live keys"): a type prefix followed by the
 * PV's nr, e.g. `ai100001`. PVs in URLs are written `TYPE-NR` (`AnaIn-100001`).
 */
import { PV_TYPES, type PvType } from './enums.ts';
import type { PvRef } from './pv.ts';

export const PV_KEY_PREFIX: Record<PvType, string> = {
  AnaIn: 'ai',
  AnaOut: 'ao',
  DigiIn: 'di',
  DigiOut: 'do',
  LaborWert: 'lw',
  RechenWert: 'rw',
  MinMax: 'minMax',
  ZaehlWert: 'count',
  PlsObject: 'pls',
  Undef: 'undef',
};

const PREFIX_TO_TYPE = new Map<string, PvType>(PV_TYPES.map((t) => [PV_KEY_PREFIX[t], t] as const));
const KEY_PATTERN = /^([a-zA-Z]+?)(\d+)$/;

export function pvKey(ref: PvRef): string {
  return `${PV_KEY_PREFIX[ref.type]}${ref.nr}`;
}

/** Parses a PV key; returns null for anything that is not one. */
export function parsePvKey(key: string): PvRef | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const type = PREFIX_TO_TYPE.get(m[1] ?? '');
  const nr = Number(m[2]);
  if (!type || !Number.isSafeInteger(nr)) return null;
  return { type, nr };
}

/** `AnaIn-100001`, the form used in URLs (DESIGN.md "Routes"). */
export function pvUrlId(ref: PvRef): string {
  return `${ref.type}-${ref.nr}`;
}

export function parsePvUrlId(text: string): PvRef | null {
  const dash = text.lastIndexOf('-');
  if (dash <= 0) return null;
  const type = text.slice(0, dash);
  const nrText = text.slice(dash + 1);
  if (!/^\d+$/.test(nrText)) return null;
  if (!(PV_TYPES as readonly string[]).includes(type)) return null;
  return { type: type as PvType, nr: Number(nrText) };
}

export function stationKey(stationNumber: number): string {
  return `st${stationNumber}`;
}
