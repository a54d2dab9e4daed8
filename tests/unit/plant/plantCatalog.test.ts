import { describe, expect, it } from 'vitest';
import {
  LIMIT_TYPES,
  PV_TYPES,
  PV_VALUE_TYPES,
  RUNTIME_TYPES,
} from '../../../src/contract/enums.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import { splitPvNr } from '../../../src/domain/pvRef.ts';
import { makePlant, START } from './plantFixtures.ts';

const CONFIG_FIELDS = [
  'pvRef',
  'name',
  'eksNr',
  'subtype',
  'dimension',
  'decimalPlaces',
  'hasArchiveData',
  'stationNumber',
  'stationName',
  'domainConfig',
  'digiDisplayConfig',
  'anaLimitConfig',
  'alertInputConfig',
].sort();

describe('SPEC §3 simulated plant: stations and PVs', () => {
  const plant = makePlant();
  const refs = plant.pvRefs();

  it('PL1: twelve named stations numbered 1..12 with geo location and process image', () => {
    const stations = plant.stations();
    expect(stations.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const s of stations) {
      expect(s.name.length).toBeGreaterThan(5);
      expect(s.hasGeoLocation).toBe(true);
      expect(s.location!.latitude).toBeGreaterThan(50.9);
      expect(s.location!.latitude).toBeLessThan(51.2);
      expect(s.processImage).toMatch(/^[a-z0-9-]+$/);
    }
    expect(stations.some((s) => s.dialUp)).toBe(true);
    expect(stations.some((s) => !s.dialUp)).toBe(true);
    expect(stations.map((s) => s.name)).toContain('Kläranlage Talaue');
  });

  it('PL2: several hundred PVs of every type, unique keys, nr per the split rule (SPEC §3, §9)', () => {
    expect(refs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(refs.map((r) => r.type))).toEqual(new Set(PV_TYPES));
    expect(new Set(refs.map(pvKey)).size).toBe(refs.length);
    for (const ref of refs) {
      const config = plant.config(ref)!;
      const split = splitPvNr(ref);
      if (split.station !== null) {
        expect(split.station).toBe(config.stationNumber);
        expect(split.number).toBeGreaterThan(0);
      }
    }
  });

  it('PL3: every value kind and runtime type occurs; every value carries quality and timestamp', () => {
    const values = refs.map((r) => plant.valueByKey(pvKey(r))!);
    expect(new Set(values.map((v) => v.typeOfValue))).toEqual(new Set(PV_VALUE_TYPES));
    const runtimeTypes = new Set(values.map((v) => v.runtimeValue?.runtimeType).filter(Boolean));
    for (const t of ['Betriebszeit', 'Schaltzyklen', 'LetzteAktivZeit', 'Absolutzeit'] as const) {
      expect(runtimeTypes).toContain(t);
      expect(RUNTIME_TYPES).toContain(t);
    }
    for (const v of values) {
      expect(typeof v.timestamp).toBe('number');
      expect(v.timestamp).toBeLessThanOrEqual(START);
      const held = [
        'boolValue',
        'doubleValue',
        'failureStateValue',
        'counterValue',
        'runtimeValue',
        'timeOfDayValue',
      ].filter((k) => k in v);
      expect(held).toHaveLength(1);
    }
    expect(new Set(values.map((v) => v.quality))).toEqual(
      new Set(['Good', 'Uncertain', 'Unspecified']),
    );
  });

  it('PL4: every config has the fields of SPEC §3 PV config with sensible content', () => {
    for (const ref of refs) {
      const c = plant.config(ref)!;
      expect(Object.keys(c).sort()).toEqual(CONFIG_FIELDS);
      expect(c.name).not.toBe('');
      expect(c.eksNr).toMatch(/^TA\d\d\./);
      expect(c.stationName).toBe(plant.stations().find((s) => s.id === c.stationNumber)!.name);
      expect(Number.isInteger(c.decimalPlaces)).toBe(true);
      if (c.domainConfig) expect(c.domainConfig.min).toBeLessThan(c.domainConfig.max);
      if (ref.type === 'DigiIn' || ref.type === 'DigiOut') {
        expect(c.digiDisplayConfig?.stateActiveText).toBeTruthy();
        expect(c.digiDisplayConfig?.stateInactiveText).toBeTruthy();
      }
      if (ref.type === 'AnaOut' && plant.valueByKey(pvKey(ref))!.typeOfValue === 'DoubleValue') {
        expect(c.domainConfig).not.toBeNull();
      }
      if (c.alertInputConfig) {
        expect(c.alertInputConfig.priority).toBeGreaterThanOrEqual(0);
        expect(c.alertInputConfig.priority).toBeLessThanOrEqual(9);
      }
    }
    const dims = new Set(refs.map((r) => plant.config(r)!.dimension));
    for (const d of ['m', 'm³/h', 'bar', 'mg/l', 'kW', 'm³', 'kWh', 'h']) expect(dims).toContain(d);
    const failureTexts = refs
      .map((r) => plant.config(r)!)
      .filter((c) => c.alertInputConfig)
      .map((c) => c.digiDisplayConfig?.stateActiveText);
    expect(failureTexts).toContain('Störung');
  });

  it('PL5: limit configs of SPEC §3: four per limited PV, priority 0-9, delay 0-65535, some not set', () => {
    let notSet = 0;
    let limited = 0;
    for (const ref of refs) {
      const limits = plant.limitConfigs(ref);
      const c = plant.config(ref)!;
      if (limits.length === 0) {
        expect(c.anaLimitConfig).toBeNull();
        continue;
      }
      limited++;
      expect(limits.map((l) => l.pvLimitRef.limitType)).toEqual([...LIMIT_TYPES]);
      const byType = Object.fromEntries(limits.map((l) => [l.pvLimitRef.limitType, l]));
      expect(c.anaLimitConfig!.lower).toBe(byType.Bottom!.notSet ? null : byType.Bottom!.limit);
      expect(c.anaLimitConfig!.upper).toBe(byType.Top!.notSet ? null : byType.Top!.limit);
      for (const l of limits) {
        expect(l.pvLimitRef.pv).toEqual(ref);
        expect(l.priority).toBeGreaterThanOrEqual(0);
        expect(l.priority).toBeLessThanOrEqual(9);
        expect(l.delayTime).toBeGreaterThanOrEqual(0);
        expect(l.delayTime).toBeLessThanOrEqual(65535);
        expect(l.description).not.toBe('');
        expect(l.message).not.toBe('');
        if (l.notSet) notSet++;
      }
    }
    expect(limited).toBeGreaterThan(50);
    expect(notSet).toBeGreaterThan(0);
  });

  it('PL6: the PV list and nodes cover every PV exactly once', () => {
    const list = plant.pvList();
    expect(list).toHaveLength(refs.length);
    expect(list[0]).toEqual({
      pvRef: refs[0],
      name: plant.config(refs[0]!)!.name,
      stationNumber: 1,
      stationName: 'Rohwasserpumpwerk Talaue',
      dimension: 'm',
    });
    const fromNodes = plant.pvNodes().flatMap((n) => n.pvs.map(pvKey));
    expect(new Set(fromNodes)).toEqual(new Set(refs.map(pvKey)));
    expect(fromNodes).toHaveLength(refs.length);
  });
});
