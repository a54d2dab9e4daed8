/** The maintenance config topic (workers/topics/maintenanceConfigTopic.ts) — rules MC1-MC4. */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { ServiceMessageType } from '../../../src/contract/enums.ts';
import type { MaintenanceConfig, MaintenanceConfigSet } from '../../../src/contract/maintenance.ts';
import { isMaintenanceConfig } from '../../../workers/topics/maintenanceConfigParsers.ts';
import { createHarness, lastItem, type TabRecorder } from '../../support/engine/engineHarness.ts';

const P = HUB_METHODS.pv;

function lastSet(tab: TabRecorder, key: string): MaintenanceConfigSet | null | undefined {
  return lastItem(tab, 'maintenanceConfig', key) as MaintenanceConfigSet | null | undefined;
}

function config(nr: number, type: ServiceMessageType, remainingTime: number): MaintenanceConfig {
  return {
    pvMaintenanceRef: { pvRef: { type: 'DigiIn', nr }, serviceMessageType: type },
    delayTime: 0,
    description: 'Wartung',
    message: 'Wartung fällig',
    priority: 3,
    remainingTime,
    runtimeHours: 2_000,
    runtimeType: 'Betriebszeit',
    runtimeDimension: 'Hours',
    runtimeEndType: 'Active',
    currentRuntime: 1_000,
    targetRuntime: 1_000 + remainingTime,
    notSet: false,
    openNotification: null,
  };
}

describe('maintenance config topic', () => {
  it('MC1: a leased machine is subscribed once on the pv hub with SubscribeToMaintenanceConfigs', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.tab('b');
    await h.engine.lease('a', 'maintenanceConfig', ['di100001']);
    await h.engine.lease('b', 'maintenanceConfig', ['di100001', 'di100003']);
    await h.timers.advance(100);
    const hub = h.hubs.hub('pv');
    expect(hub.keysSent(P.subscribeToMaintenanceConfigs).sort()).toEqual(['di100001', 'di100003']);
  });

  it('MC2: the four service types pushed one at a time are merged per PV; a later push replaces its type', async () => {
    const h = createHarness();
    const a = await h.leasing('a', 'maintenanceConfig', ['di100001']);
    const hub = h.hubs.hub('pv');
    for (const t of ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const)
      hub.emit(HUB_MESSAGES.newMaintenanceConfig, config(100001, t, 100));
    hub.emit(HUB_MESSAGES.newMaintenanceConfig, config(100001, 'Bottom', -2));
    await h.timers.advance(50);
    const set = lastSet(a, 'di100001')!;
    expect(Object.keys(set).sort()).toEqual(['Bottom', 'BottomMiddle', 'Top', 'TopMiddle']);
    expect(set.Bottom!.remainingTime).toBe(-2);
  });

  it('MC3: malformed pushes are ignored; pushes for keys no tab leases are not kept', async () => {
    const h = createHarness();
    const a = await h.leasing('a', 'maintenanceConfig', ['di100001']);
    const hub = h.hubs.hub('pv');
    hub.emit(HUB_MESSAGES.newMaintenanceConfig, { pvMaintenanceRef: { pvRef: 'x' } });
    hub.emit(HUB_MESSAGES.newMaintenanceConfig, {
      ...config(100001, 'Top', 5),
      pvMaintenanceRef: { pvRef: { type: 'DigiIn', nr: 100001 }, serviceMessageType: 'Nope' },
    });
    hub.emit(HUB_MESSAGES.newMaintenanceConfig, config(100009, 'Top', 5));
    await h.timers.advance(50);
    expect(lastSet(a, 'di100001')).toBeUndefined();
    expect(lastSet(a, 'di100009')).toBeUndefined();
    expect(isMaintenanceConfig(config(1, 'Top', 0))).toBe(true);
    expect(isMaintenanceConfig({ ...config(1, 'Top', 0), runtimeDimension: 'Weeks' })).toBe(false);
  });

  it('MC4: after a reconnect every leased machine is subscribed again; the last release unsubscribes', async () => {
    const h = createHarness();
    const a = await h.leasing('a', 'maintenanceConfig', ['di100001', 'di100003']);
    const hub = h.hubs.hub('pv');
    await h.reconnect(hub);
    expect(hub.keysSent(P.subscribeToMaintenanceConfigs).sort()).toEqual(['di100001', 'di100003']);
    hub.emit(HUB_MESSAGES.newMaintenanceConfig, config(100003, 'Top', 7));
    await h.timers.advance(50);
    expect(lastSet(a, 'di100003')?.Top?.remainingTime).toBe(7);
    await h.engine.release('a', 'maintenanceConfig', ['di100001', 'di100003']);
    await h.timers.advance(10);
    expect(hub.keysSent(P.unsubscribeFromMaintenanceConfigs).sort()).toEqual([
      'di100001',
      'di100003',
    ]);
  });
});
