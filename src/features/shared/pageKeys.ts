/**
 * The keys of the page data (`pageData.ts`), one per resource the server answers, so that a
 * write invalidates exactly what it changed. A key's first part names the resource; the
 * parts after it narrow it down, and invalidating a shorter key takes all keys below it.
 */
import type { PvRef } from '../../contract/pv.ts';

const pv = (ref: PvRef) => `${ref.type}:${ref.nr}`;

export const pageKeys = {
  stations: ['stations'],
  /** A station's PV tree (the station page, station-wide action pages). */
  pvNodes: ['pvNodes'],
  pvList: ['pvList'],
  stationPage: (nr: number) => ['stations', 'page', nr],
  stationPvConfigs: (station: number | null) => ['pvNodes', 'configs', station],
  userPages: ['userPages'],
  dashboard: ['dashboard'],
  webcams: ['webcams'],
  processImages: ['processImages'],
  processImage: (name: string) => ['processImages', 'image', name],
  energyStations: ['energy', 'stations'],
  specificEnergy: (nr: number) => ['energy', 'specific', nr],
  leakageSections: ['leakage', 'sections'],
  textOutputs: ['actions', 'textOutputs'],
  priorityOutputs: ['actions', 'priorityOutputs'],
  remotePlans: ['remoteAlarm', 'plans'],
  remoteNumbers: ['remoteAlarm', 'numbers'],
  plansToConfirm: ['remoteAlarm', 'plansToConfirm'],
  callNumbers: (scope: string) => ['remoteAlarm', 'callNumbers', scope],
  reportGroups: ['reports', 'groups'],
  reportConfigs: (station: number) => ['reports', 'configs', station],
  report: (id: number, kind: string, date: string, to: string | undefined) => [
    'reports',
    'data',
    id,
    kind,
    date,
    to,
  ],
  ruebConfigs: ['reports', 'ruebConfigs'],
  sebamConfigs: ['reports', 'sebamConfigs'],
  ruebEvents: (station: number | null, year: number, month: number) => [
    'reports',
    'ruebEvents',
    station,
    year,
    month,
  ],
  archivedValues: (ref: PvRef | null, source: string, start: number, end: number) => [
    'archive',
    ref ? pv(ref) : null,
    source,
    start,
    end,
  ],
  alertHistory: (subject: string) => ['alerts', 'history', subject],
  stationAlertHistory: (station: number) => ['alerts', 'stationHistory', station],
  /** Charts read through the engine; one live client per tab, so it is not part of the key. */
  chartPvConfigs: (pvs: string) => ['charts', 'pvConfigs', pvs],
  chartDirectory: ['charts', 'directory'],
  chartDefinition: (id: number) => ['charts', 'definition', id],
  maintenance: {
    /** Every maintenance resource; a write that changes several invalidates this. */
    all: ['maintenance'],
    descriptions: ['maintenance', 'descriptions'],
    notifications: (ref: PvRef | null) => ['maintenance', 'notifications', ref ? pv(ref) : 'all'],
    protocol: (ref: PvRef) => ['maintenance', 'protocol', 'pv', pv(ref)],
    protocolOfStation: (station: string | number | null) => [
      'maintenance',
      'protocol',
      'station',
      station,
    ],
    lifecycle: (ref: PvRef) => ['maintenance', 'lifecycle', pv(ref)],
    datasheet: (ref: PvRef) => ['maintenance', 'datasheet', pv(ref)],
    datasheetParts: (ref: PvRef) => ['maintenance', 'datasheetParts', pv(ref)],
    documents: (ref: PvRef) => ['maintenance', 'documents', pv(ref)],
    runtimes: (ref: PvRef) => ['maintenance', 'runtimes', pv(ref)],
  },
} as const;
