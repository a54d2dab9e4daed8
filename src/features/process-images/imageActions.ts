/**
 * The click actions a process image may carry (`data-action` on an element, README
 * "Dashboards, process images"): `pv` opens the PV's actions, `dial` the station's dial
 * dialog; every other name is an action for the dispatcher. A `pv` element may name its
 * machine's command outputs in `data-command="DigiOut-100001 AnaOut-100004"`: its dialog
 * then shows the feedback's state and those commands.
 *
 *   alert-archive                     the alert archive
 *   archive-chart   data-station | data-pv, optional data-start (epoch ms)
 *   realtime-trend  data-pv="AnaIn-100001 AnaIn-100002"
 *   archive-trend   data-pv="…" data-amount="7"            (the last N days)
 *   datasheet       data-pv          runtime   data-pv
 *   dashboard       data-dashboard="2"
 *   remote-alarm-activation           remote-alarm-numbers
 *   start-application data-path="scada.example.org/panel"
 *
 * An unknown name is kept as an action the web client does not support (SPEC §2 'Die Aktion
 * {0} wird im Webclient nicht unterstützt'); a known name with missing parameters does
 * nothing, as a link without address would.
 */
import { parsePvUrlId } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import type { ActionRequest, NavigationTarget } from '../../domain/navigationTargets.ts';

export type ImageAction =
  | { kind: 'pv'; pv: PvRef; commands: PvRef[] }
  | { kind: 'dial'; station: number }
  | { kind: 'action'; request: ActionRequest };

type Attr = (name: string) => string | null;

function whole(text: string | null): number | undefined {
  if (text === null || !/^-?\d+$/.test(text.trim())) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

function pvList(text: string | null): PvRef[] | null {
  const ids = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const pvs = ids.map(parsePvUrlId);
  return pvs.length > 0 && pvs.every((p) => p !== null) ? (pvs as PvRef[]) : null;
}

function target(action: string, attr: Attr): NavigationTarget | null | 'unknown' {
  const pvs = pvList(attr('data-pv'));
  const pv = pvs?.length === 1 ? pvs[0]! : null;
  switch (action) {
    case 'alert-archive':
      return { kind: 'alertArchive' };
    case 'archive-chart': {
      const station = whole(attr('data-station'));
      const start = whole(attr('data-start'));
      const base = pv ? { pv } : station !== undefined ? { station } : null;
      if (!base) return null;
      return { kind: 'archiveChart', ...base, ...(start !== undefined ? { start } : {}) };
    }
    case 'realtime-trend':
      return pvs ? { kind: 'realtimeTrend', pvs } : null;
    case 'archive-trend': {
      const amount = whole(attr('data-amount')) ?? 1;
      return pvs && amount > 0 ? { kind: 'archiveTrend', pvs, amount, unit: 'Days' } : null;
    }
    case 'datasheet':
      return pv ? { kind: 'machineDatasheet', pv } : null;
    case 'runtime':
      return pv ? { kind: 'machineRuntime', pv } : null;
    case 'dashboard': {
      const id = whole(attr('data-dashboard'));
      return id !== undefined ? { kind: 'dashboard', id } : null;
    }
    case 'remote-alarm-activation':
      return { kind: 'remoteAlarmActivation' };
    case 'remote-alarm-numbers':
      return { kind: 'remoteAlarmNumbersEdit' };
    default:
      return 'unknown';
  }
}

/** PI-A1: what a click on an element with `data-action` does. */
export function readImageAction(attr: Attr): ImageAction | null {
  const action = (attr('data-action') ?? '').trim();
  if (action === '') return null;
  if (action === 'pv') {
    const pv = parsePvUrlId(attr('data-pv') ?? '');
    // A machine's symbol bound to its feedback may name its command outputs as well.
    return pv ? { kind: 'pv', pv, commands: pvList(attr('data-command')) ?? [] } : null;
  }
  if (action === 'dial') {
    const station = whole(attr('data-station'));
    return station !== undefined ? { kind: 'dial', station } : null;
  }
  if (action === 'start-application')
    return { kind: 'action', request: { type: 'startApplication', path: attr('data-path') ?? '' } };
  const found = target(action, attr);
  if (found === 'unknown')
    return { kind: 'action', request: { type: 'unsupported', name: action } };
  return found ? { kind: 'action', request: { type: 'navigate', target: found } } : null;
}
