/**
 * Energy optimisation and pipe leakage as leased topics (workers/topics/energyTopic.ts,
 * leakageTopic.ts): one subscription per key for any number of tabs on their own hubs,
 * malformed pushes dropped, keys subscribed again after a reconnect — rules EN-T1, LK-T1.
 */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { EnergyOptimisationValues } from '../../../src/contract/energy.ts';
import type { PipeLeakage } from '../../../src/contract/leakage.ts';
import { createHarness, lastItem } from '../../support/engine/engineHarness.ts';

const energy = (stationNumber: number, rest: number): EnergyOptimisationValues => ({
  stationNumber,
  bhkwLeistung: null,
  wirkleistungAktuell: 90,
  wirkleistungMittel: 85,
  korrekturleistung: 5,
  cosPhi: 0.9,
  evuImpuls: false,
  periodenmaximum: 88,
  blindleistung: 43,
  periodenrestzeit: rest,
  vorrangbetriebMinuten: 0,
  sollleistung: 80,
  trendleistung: 87,
  periodenenergie: 12,
  timestamp: 1,
});

const section = (id: number, state: PipeLeakage['measurementState']): PipeLeakage => ({
  pipeLeakageId: id,
  name: 'Zone',
  referenceValue: 30,
  measurementState: state,
  measurementChange: 0,
  minMaxBegin: null,
  minMaxEnd: null,
  minMaxState: 'NoData',
  minMaxValue: null,
  inflow: 50,
  consumption: 46,
  nights: [],
  lossPerDayM3: null,
  timestamp: 1,
});

describe('analytics topics', () => {
  it('EN-T1: energy values leased by two tabs are subscribed once on the energy hub and reach both', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    await h.engine.lease('a', 'energy', ['2']);
    await h.engine.lease('b', 'energy', ['2', '3']);
    await h.timers.advance(100);
    const hub = h.hubs.hub('energyOpt');
    expect(hub.starts).toBe(1);
    expect(hub.keysSent(HUB_METHODS.energyOpt.subscribe).sort()).toEqual(['2', '3']);
    hub.emit(HUB_MESSAGES.newValue, energy(2, 412));
    hub.emit(HUB_MESSAGES.newValue, { stationNumber: 3, periodenrestzeit: 'soon' }); // dropped
    await h.timers.advance(50);
    expect(lastItem(a, 'energy', '2')).toMatchObject({ periodenrestzeit: 412 });
    expect(lastItem(b, 'energy', '2')).toMatchObject({ periodenrestzeit: 412 });
    expect(lastItem(b, 'energy', '3')).toBeUndefined();
  });

  it('LK-T1: pipe leakage sections are leased on their hub and subscribed again after a reconnect', async () => {
    const h = createHarness();
    const a = await h.leasing('a', 'pipeLeakage', ['1', '4']);
    const hub = h.hubs.hub('pipeLeakage');
    const subscribe = HUB_METHODS.pipeLeakage.subscribeToConfigs;
    expect(hub.keysSent(subscribe).sort()).toEqual(['1', '4']);
    await h.reconnect(hub);
    expect(hub.keysSent(subscribe).sort()).toEqual(['1', '4']);
    hub.emit(HUB_MESSAGES.newConfig, section(4, 'Leak'));
    await h.timers.advance(50);
    expect(lastItem(a, 'pipeLeakage', '4')).toMatchObject({ measurementState: 'Leak' });
  });
});
