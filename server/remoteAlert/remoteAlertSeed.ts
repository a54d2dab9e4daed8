/**
 * The remote alarming a utility of this size runs (SPEC §9 slots): two standby rotas (water,
 * wastewater) of four people each, one of them on call this week; the foremen and the
 * control room; per station a day plan (control room and foreman, priorities 1 to 3) and a
 * night plan (the standby rota and the foreman, priorities 1 to 5). Which plan is active
 * follows the plant's clock at the first start; from then on operators switch them.
 */
import {
  PLAN_PRIORITY_SLOTS,
  PLAN_RECIPIENT_SLOTS,
  type CallNumberCategory,
} from '../../src/contract/remoteAlert.ts';
import type { Station } from '../../src/contract/station.ts';

export const CATEGORIES: readonly CallNumberCategory[] = [
  { id: 1, name: 'Bereitschaft Wasser', standby: true },
  { id: 2, name: 'Bereitschaft Abwasser', standby: true },
  { id: 3, name: 'Meister', standby: false },
  { id: 4, name: 'Leitwarte', standby: false },
];

const WASTEWATER_KINDS = new Set(['sewagePumping', 'wastewaterTreatment', 'stormwaterTank']);

export const isWastewater = (station: Pick<Station, 'kind'>) => WASTEWATER_KINDS.has(station.kind);

export interface SeedNumber {
  id: number;
  name: string;
  number: string;
  categoryId: number;
  /** 'water' | 'wastewater' | 'all': which stations' PV groups it receives. */
  area: 'water' | 'wastewater' | 'all';
  /** For standby rotas: the position in the rota (0..3). */
  rota?: number;
}

export const SEED_NUMBERS: readonly SeedNumber[] = [
  { id: 1, name: 'Jana Weber', number: '+49 171 4402310', categoryId: 1, area: 'water', rota: 0 },
  {
    id: 2,
    name: 'Tobias Krüger',
    number: '+49 171 4402311',
    categoryId: 1,
    area: 'water',
    rota: 1,
  },
  {
    id: 3,
    name: 'Miriam Schulz',
    number: '+49 171 4402312',
    categoryId: 1,
    area: 'water',
    rota: 2,
  },
  { id: 4, name: 'Lukas Brandt', number: '+49 171 4402313', categoryId: 1, area: 'water', rota: 3 },
  {
    id: 5,
    name: 'Stefan Hoffmann',
    number: '+49 160 9981240',
    categoryId: 2,
    area: 'wastewater',
    rota: 0,
  },
  {
    id: 6,
    name: 'Aylin Demir',
    number: '+49 160 9981241',
    categoryId: 2,
    area: 'wastewater',
    rota: 1,
  },
  {
    id: 7,
    name: 'Peter Lorenz',
    number: '+49 160 9981242',
    categoryId: 2,
    area: 'wastewater',
    rota: 2,
  },
  {
    id: 8,
    name: 'Sandra Vogel',
    number: '+49 160 9981243',
    categoryId: 2,
    area: 'wastewater',
    rota: 3,
  },
  {
    id: 9,
    name: 'Meister Wasser (R. Fischer)',
    number: '+49 7031 66120',
    categoryId: 3,
    area: 'water',
  },
  {
    id: 10,
    name: 'Meister Abwasser (K. Neumann)',
    number: '+49 7031 66130',
    categoryId: 3,
    area: 'wastewater',
  },
  { id: 11, name: 'Leitwarte Talaue', number: '+49 7031 66100', categoryId: 4, area: 'all' },
];

/** The week of the standby rota (ISO-like week count since the epoch, Monday start). */
export function rotaWeek(nowMs: number): number {
  // 1970-01-01 was a Thursday; shifting by 3 days makes weeks start on Monday (SPEC §9).
  return Math.floor((nowMs / 86_400_000 + 3) / 7) % 4;
}

export interface SeedPlan {
  stationNumber: number;
  planNumber: number;
  planname: string;
  groupname: string;
  active: boolean;
  priorities: boolean[];
  recipients: (number | null)[];
  /** SPEC §3 "Plan action" default: 0 inactive, 1 active, 2 invert; null = none. */
  defaultAction: 0 | 1 | 2 | null;
}

/**
 * Station 4 is armed for the night by its plan actions: the day plan's action switches it
 * off (0), the night plan's on (1). Every other plan has no default: its switch inverts.
 */
const DEFAULT_ACTIONS: Record<string, 0 | 1> = { '4_1': 0, '4_2': 1 };

const priorities = (from: number, to: number) =>
  Array.from({ length: PLAN_PRIORITY_SLOTS }, (_, p) => p >= from && p <= to);

const slots = (ids: number[]) =>
  Array.from({ length: PLAN_RECIPIENT_SLOTS }, (_, i) => ids[i] ?? null);

/** The plan numbers of each station's day and night plan. */
export const DAY_PLAN_NUMBER = 1;
export const NIGHT_PLAN_NUMBER = 2;

/** Night from 18:00 to 06:00 on the plant's clock. */
export function isNight(hour: number): boolean {
  return hour >= 18 || hour < 6;
}

export function seedPlans(stations: readonly Station[], night: boolean): SeedPlan[] {
  return stations.flatMap((s) => {
    const waste = isWastewater(s);
    const rota = SEED_NUMBERS.filter((n) => n.categoryId === (waste ? 2 : 1)).map((n) => n.id);
    const foreman = waste ? 10 : 9;
    const groupname = waste ? 'Abwasser' : 'Wasser';
    return [
      {
        stationNumber: s.id,
        planNumber: DAY_PLAN_NUMBER,
        planname: 'Tagplan',
        groupname,
        active: !night,
        priorities: priorities(1, 3),
        recipients: slots([11, foreman]),
        defaultAction: DEFAULT_ACTIONS[`${s.id}_1`] ?? null,
      },
      {
        stationNumber: s.id,
        planNumber: NIGHT_PLAN_NUMBER,
        planname: 'Nachtplan',
        groupname,
        active: night,
        priorities: priorities(1, 5),
        recipients: slots([...rota, foreman, 11]),
        defaultAction: DEFAULT_ACTIONS[`${s.id}_2`] ?? null,
      },
    ];
  });
}
