/**
 * The fields of a machine's data sheet (SPEC §7 datasheets/data). SPEC leaves an entry's shape
 * open; a plant server sends `label` (a German field name) and the reference server adds `key`.
 * A field the client knows, by its key or by the German label plant servers use, is shown in
 * the user's language; any other label is the plant's own text and is shown as such.
 */
import type { DatasheetDataEntry } from '../contract/maintenance.ts';

export const DATASHEET_FIELDS = [
  'name',
  'station',
  'eksNumber',
  'manufacturer',
  'yearBuilt',
  'serialNumber',
  'type',
  'ratedPower',
  'ratedSpeed',
  'flowRate',
  'head',
  'protectionClass',
  'measuringRange',
  'outputSignal',
] as const;

export type DatasheetField = (typeof DATASHEET_FIELDS)[number];

/** The German labels plant servers send for the known fields. */
const GERMAN_LABELS: Readonly<Record<string, DatasheetField>> = {
  bezeichnung: 'name',
  station: 'station',
  'eks-nummer': 'eksNumber',
  hersteller: 'manufacturer',
  baujahr: 'yearBuilt',
  seriennummer: 'serialNumber',
  typ: 'type',
  nennleistung: 'ratedPower',
  nenndrehzahl: 'ratedSpeed',
  förderstrom: 'flowRate',
  förderhöhe: 'head',
  schutzart: 'protectionClass',
  messbereich: 'measuringRange',
  ausgangssignal: 'outputSignal',
};

const isField = (key: string): key is DatasheetField =>
  (DATASHEET_FIELDS as readonly string[]).includes(key);

/** DS1: the known field of an entry (its key first, else its German label), or null. */
export function datasheetField(
  entry: Pick<DatasheetDataEntry, 'key' | 'label'>,
): DatasheetField | null {
  if (entry.key !== undefined && isField(entry.key)) return entry.key;
  return GERMAN_LABELS[entry.label.trim().toLowerCase()] ?? null;
}
