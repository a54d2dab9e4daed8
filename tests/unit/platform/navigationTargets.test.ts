import { describe, expect, it } from 'vitest';
import {
  planAction,
  targetPath,
  type NavigationTarget,
} from '../../../src/domain/navigationTargets.ts';

const ai1 = { type: 'AnaIn', nr: 100001 } as const;
const ai2 = { type: 'AnaIn', nr: 100002 } as const;
const browser = { embedded: false };
const app = { embedded: true };

describe('action dispatcher rules (SPEC §2 navigation targets)', () => {
  it('NT1: every navigation target of SPEC §2 has its in-app address', () => {
    const cases: [NavigationTarget, string][] = [
      [{ kind: 'alertArchive' }, '/alerts/archive'],
      [{ kind: 'archiveChart', station: 3 }, '/charts/archive?station=3'],
      [
        { kind: 'archiveChart', pv: ai1, start: 1700000000000 },
        '/charts/archive?pv=AnaIn-100001&start=1700000000000',
      ],
      [
        { kind: 'realtimeTrend', pvs: [ai1, ai2] },
        '/trend/realtime?pv=AnaIn-100001&pv=AnaIn-100002',
      ],
      [
        { kind: 'archiveTrend', pvs: [ai1], amount: 7, unit: 'Days' },
        '/trend/archive?pv=AnaIn-100001&amount=7&unit=Days',
      ],
      [{ kind: 'machineDatasheet', pv: ai1 }, '/machines/AnaIn-100001/datasheet'],
      [{ kind: 'machineRuntime', pv: ai1 }, '/machines/AnaIn-100001/runtime'],
      [{ kind: 'machineLifecycle', pv: ai1 }, '/machines/AnaIn-100001/lifecycle'],
      [{ kind: 'pvAlertHistory', pv: ai1 }, '/alerts/history?pv=AnaIn-100001'],
      [{ kind: 'dashboard', id: 4 }, '/dashboard/4'],
      [{ kind: 'remoteAlarmActivation' }, '/remote-alarm/numbers'],
      [{ kind: 'remoteAlarmNumbersEdit' }, '/remote-alarm/numbers/edit'],
    ];
    for (const [target, path] of cases) expect(targetPath(target), target.kind).toBe(path);
  });

  it('NT2: a target opens in a new tab in a browser and in-app inside the native app', () => {
    const action = { type: 'navigate', target: { kind: 'dashboard', id: 2 } } as const;
    expect(planAction(action, browser)).toEqual({ kind: 'newTab', path: '/dashboard/2' });
    expect(planAction(action, app)).toEqual({ kind: 'inApp', path: '/dashboard/2' });
  });

  it('NT3: a start-application path opens as a web URL; without scheme http:// is prepended', () => {
    for (const context of [browser, app]) {
      expect(
        planAction({ type: 'startApplication', path: 'scada.example.org/panel' }, context),
      ).toEqual({
        kind: 'external',
        url: 'http://scada.example.org/panel',
      });
      expect(
        planAction({ type: 'startApplication', path: 'https://hmi.example.org/' }, context),
      ).toEqual({
        kind: 'external',
        url: 'https://hmi.example.org/',
      });
    }
  });

  it("NT3: file: and unparsable paths are refused with 'Fehlerhafter Pfad' (only web URLs), naming the path", () => {
    const refusal = {
      kind: 'refuse',
      title: { key: 'validation.actionTargets.faultyPathTitle' },
      message: { key: 'validation.actionTargets.onlyWebUrls' },
    };
    for (const path of [
      'file:///C:/Programme/hmi.exe',
      'C:\\hmi\\start.exe',
      'javascript:alert(1)',
      'a b',
    ])
      expect(planAction({ type: 'startApplication', path }, browser), path).toEqual({
        ...refusal,
        detail: path,
      });
    expect(planAction({ type: 'startApplication', path: ' ' }, browser)).toEqual(refusal);
  });

  it("NT4: an action the web client cannot perform says 'Die Aktion {0} wird im Webclient nicht unterstützt'", () => {
    expect(planAction({ type: 'unsupported', name: 'RunScript' }, app)).toEqual({
      kind: 'refuse',
      title: { key: 'validation.actionTargets.unsupportedTitle' },
      message: {
        key: 'validation.actionTargets.unsupportedAction',
        params: { action: 'RunScript' },
      },
    });
  });
});
