import { describe, expect, it } from 'vitest';
import { machineCommands, machineName, type NamedPv } from '../../../src/domain/machineCommands.ts';

const pv = (type: string, nr: number, name: string, stationNumber = 1): NamedPv => ({
  pvRef: { type: type as NamedPv['pvRef']['type'], nr },
  name,
  stationNumber,
});

describe('PIC1: the commands of a machine shown by one of its PVs', () => {
  const plant = [
    pv('DigiIn', 100001, 'Brunnenpumpe 1 Betrieb'),
    pv('DigiIn', 100002, 'Brunnenpumpe 1 Störung'),
    pv('DigiIn', 100003, 'Brunnenpumpe 2 Betrieb'),
    pv('AnaOut', 100004, 'Brunnenpumpe 1 Sollwert'),
    pv('DigiOut', 100001, 'Brunnenpumpe 1 Ein/Aus'),
    pv('DigiOut', 100002, 'Brunnenpumpe 2 Ein/Aus'),
    pv('DigiOut', 200001, 'Brunnenpumpe 1 Ein/Aus', 2),
    pv('AnaOut', 100001, 'Einschaltpunkt Pumpen'),
    pv('AnaIn', 100001, 'Brunnenpumpe 1 Motorstrom'),
  ];

  it('names the machine of a signal and nothing for a plain measurement', () => {
    expect(machineName('Brunnenpumpe 1 Betrieb')).toBe('Brunnenpumpe 1');
    expect(machineName('Schieber Ablauf Auf/Zu')).toBe('Schieber Ablauf');
    expect(machineName('Füllstand Reinwasserbehälter')).toBeNull();
    expect(machineName('Betrieb')).toBeNull();
  });

  it('finds the outputs of the same machine and station, digital first', () => {
    expect(machineCommands(plant[0]!, plant)).toEqual([
      { type: 'DigiOut', nr: 100001 },
      { type: 'AnaOut', nr: 100004 },
    ]);
    expect(machineCommands(plant[2]!, plant)).toEqual([{ type: 'DigiOut', nr: 100002 }]);
  });

  it('leaves out the PV itself, other stations and PVs that name no machine', () => {
    expect(machineCommands(plant[4]!, plant)).toEqual([{ type: 'AnaOut', nr: 100004 }]);
    expect(machineCommands(pv('AnaIn', 100009, 'Durchfluss'), plant)).toEqual([]);
  });
});
