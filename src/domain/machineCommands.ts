/**
 * A machine (a pump, a valve, a gate) in the plant's PVs: its inputs and outputs share the
 * machine's name and end in what they carry ("Brunnenpumpe 1 Betrieb", "… Störung",
 * "… Ein/Aus", "… Sollwert"). Where a machine is shown by one of its PVs (a process-image
 * symbol bound to its running feedback, a dashboard tile), its commands are the outputs
 * (DigiOut, AnaOut) of the same station and machine name.
 */
import type { PvRef } from '../contract/pv.ts';

/** The words a machine's PV names end in: feedbacks, commands, set values, measurements. */
const SIGNAL_WORDS =
  /\s+(Betrieb|Betriebsmeldung|Laufmeldung|Läuft|Rückmeldung|Störung|Ein\/Aus|Start\/Stopp|Auf\/Zu|Offen|Geschlossen|Hand\/Auto|Auto\/Hand|Betriebsart|Sollwert|Sollwert Drehzahl|Stellwert|Motorstrom|Drehzahl|Laufzeit|Schaltspiele)$/i;

/** The machine's name of a PV's name, or null when the name names no machine signal. */
export function machineName(pvName: string): string | null {
  const name = pvName.trim();
  const match = SIGNAL_WORDS.exec(name);
  if (!match) return null;
  const base = name.slice(0, match.index).trim();
  return base === '' ? null : base;
}

export interface NamedPv {
  pvRef: PvRef;
  name: string;
  stationNumber: number;
}

const COMMAND_TYPES = new Set(['DigiOut', 'AnaOut']);

/**
 * PIC1: the command outputs of the machine a PV belongs to: DigiOut and AnaOut of the same
 * station whose names name the same machine, in the plant's order (digital before analogue),
 * the PV itself left out. None when the PV's name names no machine.
 */
export function machineCommands(pv: NamedPv, plant: readonly NamedPv[]): PvRef[] {
  const machine = machineName(pv.name);
  if (machine === null) return [];
  const found = plant.filter(
    (p) =>
      COMMAND_TYPES.has(p.pvRef.type) &&
      p.stationNumber === pv.stationNumber &&
      !(p.pvRef.type === pv.pvRef.type && p.pvRef.nr === pv.pvRef.nr) &&
      machineName(p.name)?.toLowerCase() === machine.toLowerCase(),
  );
  return found
    .sort((a, b) => (a.pvRef.type === b.pvRef.type ? 0 : a.pvRef.type === 'DigiOut' ? -1 : 1))
    .map((p) => p.pvRef);
}
