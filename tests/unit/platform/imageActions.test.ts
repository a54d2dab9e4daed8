import { describe, expect, it } from 'vitest';
import { readImageAction } from '../../../src/features/process-images/imageActions.ts';

const attrs = (a: Record<string, string>) => (name: string) => a[name] ?? null;
const ai1 = { type: 'AnaIn', nr: 100001 };

describe('process-image click actions', () => {
  it('PI-A2: a machine symbol bound to its feedback names its command outputs', () => {
    expect(
      readImageAction(
        attrs({
          'data-action': 'pv',
          'data-pv': 'DigiIn-100001',
          'data-command': 'DigiOut-100001 AnaOut-100004',
        }),
      ),
    ).toEqual({
      kind: 'pv',
      pv: { type: 'DigiIn', nr: 100001 },
      commands: [
        { type: 'DigiOut', nr: 100001 },
        { type: 'AnaOut', nr: 100004 },
      ],
    });
    // A malformed list names no commands (the machine rule then looks them up).
    expect(
      readImageAction(
        attrs({ 'data-action': 'pv', 'data-pv': 'DigiIn-100001', 'data-command': 'Pumpe' }),
      ),
    ).toMatchObject({ commands: [] });
  });

  it('PI-A1: pv and dial stay in the image; navigation names become dispatcher actions', () => {
    expect(readImageAction(attrs({ 'data-action': 'pv', 'data-pv': 'AnaIn-100001' }))).toEqual({
      kind: 'pv',
      pv: ai1,
      commands: [],
    });
    expect(readImageAction(attrs({ 'data-action': 'dial', 'data-station': '4' }))).toEqual({
      kind: 'dial',
      station: 4,
    });
    const nav = (a: Record<string, string>) => {
      const r = readImageAction(attrs(a));
      return r?.kind === 'action' && r.request.type === 'navigate' ? r.request.target : r;
    };
    expect(nav({ 'data-action': 'alert-archive' })).toEqual({ kind: 'alertArchive' });
    expect(
      nav({ 'data-action': 'archive-chart', 'data-station': '3', 'data-start': '1700000000000' }),
    ).toEqual({
      kind: 'archiveChart',
      station: 3,
      start: 1700000000000,
    });
    expect(
      nav({ 'data-action': 'realtime-trend', 'data-pv': 'AnaIn-100001 AnaIn-100002' }),
    ).toEqual({
      kind: 'realtimeTrend',
      pvs: [ai1, { type: 'AnaIn', nr: 100002 }],
    });
    expect(
      nav({ 'data-action': 'archive-trend', 'data-pv': 'AnaIn-100001', 'data-amount': '7' }),
    ).toEqual({
      kind: 'archiveTrend',
      pvs: [ai1],
      amount: 7,
      unit: 'Days',
    });
    expect(nav({ 'data-action': 'datasheet', 'data-pv': 'AnaIn-100001' })).toEqual({
      kind: 'machineDatasheet',
      pv: ai1,
    });
    expect(nav({ 'data-action': 'runtime', 'data-pv': 'AnaIn-100001' })).toEqual({
      kind: 'machineRuntime',
      pv: ai1,
    });
    expect(nav({ 'data-action': 'dashboard', 'data-dashboard': '2' })).toEqual({
      kind: 'dashboard',
      id: 2,
    });
    expect(nav({ 'data-action': 'remote-alarm-activation' })).toEqual({
      kind: 'remoteAlarmActivation',
    });
    expect(nav({ 'data-action': 'remote-alarm-numbers' })).toEqual({
      kind: 'remoteAlarmNumbersEdit',
    });
  });

  it('PI-A2: start-application keeps its path for the dispatcher; an unknown name is an unsupported action', () => {
    expect(
      readImageAction(attrs({ 'data-action': 'start-application', 'data-path': 'file:///x.exe' })),
    ).toEqual({
      kind: 'action',
      request: { type: 'startApplication', path: 'file:///x.exe' },
    });
    expect(readImageAction(attrs({ 'data-action': 'RunScript' }))).toEqual({
      kind: 'action',
      request: { type: 'unsupported', name: 'RunScript' },
    });
  });

  it('PI-A3: a known action without its parameters does nothing', () => {
    const cases: Record<string, string>[] = [
      { 'data-action': 'datasheet' },
      { 'data-action': 'datasheet', 'data-pv': 'AnaIn-1 AnaIn-2' },
      { 'data-action': 'realtime-trend', 'data-pv': 'nonsense' },
      { 'data-action': 'dashboard', 'data-dashboard': 'x' },
      { 'data-action': 'archive-chart' },
      { 'data-action': 'pv' },
      { 'data-action': '' },
    ];
    for (const a of cases) expect(readImageAction(attrs(a)), JSON.stringify(a)).toBeNull();
  });
});
