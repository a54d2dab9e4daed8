/**
 * The plant file (PEGEL_PLANT_FILE, issue 56): YAML naming the stations of a real plant, one
 * connection each, and their process values with the source each is read from. Checked with zod
 * at start; a wrong file stops the start with file, line, key path and what was expected
 * (`PlantFileError`). `plantFileJsonSchema()` is the same schema for editors
 * (examples/plant.schema.json, written by scripts/plant-schema.ts).
 *
 * PV numbers (SPEC §3) are stable: AnaIn, AnaOut, DigiIn and DigiOut get station * 100000 + n,
 * counters (ZaehlWert) station * 1000 + n, as in the simulated plant. `n` is the PV's `nr` when
 * the file gives one, else the next number of its kind not taken in that station, in file order.
 * Adding PVs at the end of a station keeps every number; to reorder or remove PVs without
 * renumbering the rest (archives, favorites and alarms are keyed by the number), give `nr`.
 */
import { readFileSync } from 'node:fs';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { z } from 'zod';
import type { PvType } from '../../src/contract/enums.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import { makePvNr } from '../../src/domain/pvRef.ts';
import {
  CONNECTION_KINDS,
  CONNECTION_TYPES,
  FIELD_PV_KINDS,
  type ConnectionType,
} from './kinds.ts';
import type { FieldPvKind } from './kinds.ts';

/** The plant's name when the file names none. */
export const DEFAULT_PLANT_NAME = 'Feldanlage';

const priority = z.int().min(0).max(9);

/** How long (ms) a PV may be silent while its link is up before it turns Uncertain. */
const staleAfterMs = (description: string) =>
  z.int().min(100).max(86_400_000).optional().describe(description);

const limit = z.strictObject({
  value: z.number(),
  /** Alert priority 0-9 (SPEC §5). */
  priority,
  /** Seconds the value must stay beyond the limit before the alarm is raised. */
  delay: z
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe('Seconds the value must stay beyond the limit before the alarm is raised.'),
});

/** The fields of a PV; `source` is the connection kind's. */
const pvFields = {
  /** The PV's key within its station, named by the connector's samples. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .describe("The PV's key within its station, named by the connector's samples."),
  /** Number within the station and kind (see the header); default: the next free one. */
  nr: z
    .int()
    .min(1)
    .max(999)
    .optional()
    .describe(
      'Number within station and kind: PV nr = station × 100000 + nr (counters: × 1000 + nr); default: the next free one.',
    ),
  kind: z.enum(FIELD_PV_KINDS),
  name: z.string().min(1).max(200),
  unit: z.string().max(20).default(''),
  decimals: z.int().min(0).max(6).default(0),
  /** The range an operator may set (AnaOut) or the instrument's range (AnaIn). */
  min: z
    .number()
    .optional()
    .describe("The range an operator may set (AnaOut) or the instrument's range (AnaIn)."),
  max: z.number().optional(),
  /** Analogue limits (AnaIn) with their alert priorities. */
  limits: z
    .strictObject({
      bottom: limit.optional(),
      bottomMiddle: limit.optional(),
      topMiddle: limit.optional(),
      top: limit.optional(),
    })
    .optional(),
  /** Texts of the two states of a digital PV. */
  states: z
    .strictObject({ active: z.string().min(1), inactive: z.string().min(1) })
    .optional()
    .describe('Texts of the two states of a digital PV.'),
  /** A digital input that raises an alert while active (a failure input), with its priority. */
  alertPriority: priority
    .optional()
    .describe(
      'A digital input that raises an alert while active (a failure input), with its priority.',
    ),
  /** A counter operators may reset. */
  resetable: z.boolean().default(false).describe('A counter operators may reset.'),
  /** Writes (set values, commands, resets) are refused. */
  readOnly: z
    .boolean()
    .default(false)
    .describe('Writes (set values, commands, resets) are refused.'),
  /** The archive keeps its values (charts, reports). */
  archive: z.boolean().default(true).describe('The archive keeps its values (charts, reports).'),
  /** No value for this long (ms) while the link is up: Uncertain (overrides the station's). */
  staleAfterMs: staleAfterMs(
    'Silence is not health: when this PV has had no value for this many ms while its link is up, it turns Uncertain with the reason "no value for N s", keeping value and timestamp. Overrides the station\'s staleAfterMs.',
  ),
};

type PvRuleInput = {
  kind: FieldPvKind;
  min?: number | undefined;
  max?: number | undefined;
  limits?: Record<string, { value: number } | undefined> | undefined;
  states?: unknown;
  alertPriority?: number | undefined;
  resetable: boolean;
};

function pvRules(pv: PvRuleInput, ctx: z.RefinementCtx): void {
  const only = (key: keyof PvRuleInput, kinds: readonly FieldPvKind[], present: boolean) => {
    if (present && !kinds.includes(pv.kind))
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `only for ${kinds.join(', ')} (this PV is ${pv.kind})`,
      });
  };
  only('limits', ['AnaIn'], pv.limits !== undefined);
  only('states', ['DigiIn', 'DigiOut'], pv.states !== undefined);
  only('alertPriority', ['DigiIn'], pv.alertPriority !== undefined);
  only('resetable', ['Counter'], pv.resetable);
  if (pv.min !== undefined && pv.max !== undefined && pv.min > pv.max)
    ctx.addIssue({ code: 'custom', path: ['max'], message: 'max must not be below min' });
  const l = pv.limits;
  if (l) {
    const order = ['bottom', 'bottomMiddle', 'topMiddle', 'top'] as const;
    const set = order.filter((k) => l[k] !== undefined);
    for (let i = 1; i < set.length; i++) {
      if (l[set[i]!]!.value < l[set[i - 1]!]!.value)
        ctx.addIssue({
          code: 'custom',
          path: ['limits', set[i]!, 'value'],
          message: `limits in order bottom ≤ bottomMiddle ≤ topMiddle ≤ top (${set[i]} is below ${set[i - 1]})`,
        });
    }
  }
}

const stationFields = {
  /** Station number (SPEC §3): the first digits of its PV numbers. */
  number: z
    .int()
    .min(1)
    .max(9999)
    .describe('Station number (SPEC §3): the first digits of its PV numbers.'),
  name: z.string().min(1).max(200),
  /** Kind of installation for icons and dashboards (e.g. waterworks, pumpStation). */
  kind: z
    .string()
    .min(1)
    .default('station')
    .describe('Kind of installation for icons and dashboards (e.g. waterworks, pumpStation).'),
  location: z
    .strictObject({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    })
    .optional(),
  /** The station's energy metering for the energy page; a station without it is not listed. */
  energy: z
    .strictObject({
      installedKw: z.number().positive().describe('Installed pump power, kW.'),
      setpointKw: z
        .number()
        .positive()
        .optional()
        .describe('The agreed power setpoint, kW; default 60 % of installedKw in 5 kW steps.'),
      chpKw: z
        .number()
        .positive()
        .optional()
        .describe("A CHP unit's output that covers part of the demand, kW."),
      power: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a PV id of this station')
        .describe('id of the AnaIn PV with the power drawn, kW.'),
      energy: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a PV id of this station')
        .optional()
        .describe('id of the Counter PV with the energy, kWh (with volume: kWh per m³).'),
      volume: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a PV id of this station')
        .optional()
        .describe('id of the Counter PV with the volume pumped, m³.'),
    })
    .optional()
    .describe(
      "The station's energy metering for the energy page (power, and counters for kWh per m³). A field plant's energy page lists only the stations that declare it.",
    ),
  /** No value for this long (ms) while the link is up: the PV turns Uncertain. */
  staleAfterMs: staleAfterMs(
    'Silence is not health: a PV of this station that has had no value for this many ms while the link is up turns Uncertain with the reason "no value for N s", keeping value and timestamp (a device that stopped publishing). Default: never; a PV may set its own.',
  ),
};

function stationSchema<C extends z.ZodObject, S extends z.ZodObject>(connection: C, source: S) {
  return z.strictObject({
    ...stationFields,
    connection,
    pvs: z.array(z.strictObject({ ...pvFields, source }).superRefine(pvRules)).min(1),
  });
}

/** The plant as a whole: its name in the client's header and settings, its time zone. */
const plantFields = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .max(200)
      .default(DEFAULT_PLANT_NAME)
      .describe(
        `The plant's name in the client's header and settings (default "${DEFAULT_PLANT_NAME}").`,
      ),
    timeZone: z
      .string()
      .refine(isTimeZone, 'an IANA time zone such as Europe/Berlin')
      .optional()
      .describe(
        "IANA time zone of the plant's days (counters, energy, remote-alarm plans); default PEGEL_PLANT_TIME_ZONE.",
      ),
  })
  .default({ name: DEFAULT_PLANT_NAME })
  .describe('The plant as a whole: its name and time zone.');

/** What the first pass reads: a list of stations, each checked against its connection's kind. */
const outline = z.strictObject({
  $schema: z.string().optional(),
  plant: plantFields,
  stations: z.array(z.looseObject({ connection: z.looseObject({}) })).min(1),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
const connectionType = z.looseObject({
  type: z.enum(CONNECTION_TYPES as [ConnectionType, ...ConnectionType[]]),
});

// --- what the file declares, as the field plant uses it -------------------------------------------

const PV_TYPE_OF: Record<FieldPvKind, PvType> = {
  AnaIn: 'AnaIn',
  AnaOut: 'AnaOut',
  DigiIn: 'DigiIn',
  DigiOut: 'DigiOut',
  Counter: 'ZaehlWert',
};

export type LimitKey = 'bottom' | 'bottomMiddle' | 'topMiddle' | 'top';

export interface PlantPvDef {
  readonly id: string;
  readonly ref: PvRef;
  /** Number within station and kind (the `n` of the header). */
  readonly number: number;
  readonly kind: FieldPvKind;
  readonly name: string;
  readonly unit: string;
  readonly decimals: number;
  readonly min?: number | undefined;
  readonly max?: number | undefined;
  readonly limits?: Partial<Record<LimitKey, { value: number; priority: number; delay: number }>>;
  readonly states?: { active: string; inactive: string } | undefined;
  readonly alertPriority?: number | undefined;
  readonly resetable: boolean;
  readonly readOnly: boolean;
  readonly archive: boolean;
  /** No value for this long (ms) while the link is up turns it Uncertain (its or its station's). */
  readonly staleAfterMs?: number | undefined;
  readonly source: unknown;
}

export interface PlantEnergyDef {
  readonly installedKw: number;
  readonly setpointKw?: number | undefined;
  readonly chpKw?: number | undefined;
  /** PV ids of the station. */
  readonly power: string;
  readonly energy?: string | undefined;
  readonly volume?: string | undefined;
}

export interface PlantStationDef {
  readonly number: number;
  readonly name: string;
  readonly kind: string;
  readonly energy?: PlantEnergyDef | undefined;
  readonly location?: { latitude: number; longitude: number } | undefined;
  readonly connection: { type: ConnectionType } & Record<string, unknown>;
  readonly pvs: readonly PlantPvDef[];
}

export interface PlantFileDef {
  readonly file: string;
  readonly plant: { readonly name: string; readonly timeZone?: string | undefined };
  readonly stations: readonly PlantStationDef[];
}

export interface PlantFileIssue {
  /** 1-based line in the file; null when the file has no such place (an empty file). */
  readonly line: number | null;
  /** Key path, e.g. stations[0].pvs[2].source.topic. */
  readonly path: string;
  readonly message: string;
}

export class PlantFileError extends Error {
  constructor(
    readonly file: string,
    readonly issues: readonly PlantFileIssue[],
  ) {
    super(
      `Plant file ${file} is not valid:\n` +
        issues
          .slice(0, 20)
          .map((i) => `  ${file}:${i.line ?? '?'}: ${i.path || '(file)'}: ${i.message}`)
          .join('\n') +
        (issues.length > 20 ? `\n  … and ${issues.length - 20} more` : ''),
    );
    this.name = 'PlantFileError';
  }
}

type Path = readonly PropertyKey[];

function pathText(path: Path): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** The line of the deepest node of `path` present in the document (a missing key: its map). */
function lineOf(doc: Document, lines: LineCounter, path: Path, key?: string): number | null {
  let node: unknown = doc.contents;
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => (p.key as { value?: unknown } | null)?.value === String(step),
      );
      if (!pair) break;
      node = pair.value ?? pair.key;
    } else if (isSeq(node) && typeof step === 'number') {
      const item: unknown = node.items[step];
      if (!item) break;
      node = item;
    } else break;
  }
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
    if (pair) node = pair.key;
  }
  const range = (node as Node | null | undefined)?.range;
  return range ? lines.linePos(range[0]).line : null;
}

function issuesOf(
  error: z.ZodError,
  doc: Document,
  lines: LineCounter,
  prefix: Path = [],
): PlantFileIssue[] {
  return error.issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        line: lineOf(doc, lines, path, key),
        path: pathText([...path, key]),
        message: `unknown key`,
      }));
    return [{ line: lineOf(doc, lines, path), path: pathText(path), message: describe(issue) }];
  });
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type')
    return issue.message.includes('received undefined')
      ? `missing (expected ${issue.expected})`
      : issue.message.replace(/^Invalid input: /, '');
  if (issue.code === 'invalid_value')
    return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return issue.message.replace(/^Invalid input: /, '');
}

/** Reads and checks a plant file; throws PlantFileError (file, line, key path, expected). */
export function loadPlantFile(file: string): PlantFileDef {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new PlantFileError(file, [
      { line: null, path: '', message: `cannot be read: ${(err as Error).message}` },
    ]);
  }
  return parsePlantFile(text, file);
}

export function parsePlantFile(text: string, file: string): PlantFileDef {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0)
    throw new PlantFileError(
      file,
      doc.errors.map((e) => ({
        line: e.linePos?.[0]?.line ?? null,
        path: '',
        message: `not valid YAML: ${e.message.split('\n')[0]}`,
      })),
    );
  const data: unknown = doc.toJS();
  const first = outline.safeParse(data);
  if (!first.success) throw new PlantFileError(file, issuesOf(first.error, doc, lines));

  const issues: PlantFileIssue[] = [];
  const stations: PlantStationDef[] = [];
  const stationAt = new Map<number, number>();
  first.data.stations.forEach((raw, i) => {
    const type = connectionType.safeParse(raw.connection);
    if (!type.success) {
      issues.push(...issuesOf(type.error, doc, lines, ['stations', i, 'connection']));
      return;
    }
    const kind = CONNECTION_KINDS[type.data.type];
    const parsed = stationSchema(kind.connection, kind.source).safeParse(raw);
    if (!parsed.success) {
      issues.push(...issuesOf(parsed.error, doc, lines, ['stations', i]));
      return;
    }
    const s = parsed.data;
    const here = (...rest: PropertyKey[]) => ({
      line: lineOf(doc, lines, ['stations', i, ...rest]),
      path: pathText(['stations', i, ...rest]),
    });
    const before = stationAt.get(s.number);
    if (before !== undefined)
      issues.push({
        ...here('number'),
        message: `station number ${s.number} is taken by stations[${before}]`,
      });
    stationAt.set(s.number, i);
    const pvs = numberPvs(s.number, s.pvs, (j, key, message) =>
      issues.push({ ...here('pvs', j, key), message }),
    ).map((pv) => ({ ...pv, staleAfterMs: pv.staleAfterMs ?? s.staleAfterMs }));
    if (s.energy) {
      const want = { power: 'AnaIn', energy: 'Counter', volume: 'Counter' } as const;
      for (const key of ['power', 'energy', 'volume'] as const) {
        const id = s.energy[key];
        if (id === undefined) continue;
        const pv = pvs.find((p) => p.id === id);
        if (!pv)
          issues.push({ ...here('energy', key), message: `no PV with id "${id}" in this station` });
        else if (pv.kind !== want[key])
          issues.push({
            ...here('energy', key),
            message: `must name a PV of kind ${want[key]} ("${id}" is ${pv.kind})`,
          });
      }
    }
    stations.push({
      number: s.number,
      name: s.name,
      kind: s.kind,
      energy: s.energy,
      location: s.location,
      connection: s.connection as PlantStationDef['connection'],
      pvs,
    });
  });
  if (issues.length > 0) throw new PlantFileError(file, issues);
  return { file, plant: first.data.plant, stations };
}

type ParsedPv = Omit<PlantPvDef, 'ref' | 'number'> & { nr?: number | undefined };

function numberPvs(
  station: number,
  pvs: readonly ParsedPv[],
  issue: (index: number, key: string, message: string) => void,
): PlantPvDef[] {
  const taken = new Map<PvType, Map<number, number>>();
  const ids = new Map<string, number>();
  const typeOf = (pv: ParsedPv) => PV_TYPE_OF[pv.kind];
  pvs.forEach((pv, j) => {
    const other = ids.get(pv.id);
    if (other !== undefined) issue(j, 'id', `id "${pv.id}" is taken by pvs[${other}]`);
    ids.set(pv.id, j);
    if (pv.nr === undefined) return;
    let used = taken.get(typeOf(pv));
    if (!used) taken.set(typeOf(pv), (used = new Map()));
    const at = used.get(pv.nr);
    if (at !== undefined) issue(j, 'nr', `nr ${pv.nr} of ${pv.kind} is taken by pvs[${at}]`);
    used.set(pv.nr, j);
  });
  return pvs.map((pv) => {
    const type = typeOf(pv);
    let used = taken.get(type);
    if (!used) taken.set(type, (used = new Map()));
    let n = pv.nr;
    if (n === undefined) {
      n = 1;
      while (used.has(n)) n++;
      used.set(n, -1);
    }
    const { nr: _nr, ...rest } = pv;
    const nr = type === 'ZaehlWert' ? station * 1000 + n : makePvNr(station, n);
    return { ...rest, ref: Object.freeze({ type, nr }), number: n };
  });
}

/** The plant file's JSON Schema (draft 2020-12) for editors: each station typed by its connection. */
export function plantFileJsonSchema(): Record<string, unknown> {
  const stations = CONNECTION_TYPES.map((type) => {
    const kind = CONNECTION_KINDS[type];
    return stationSchema(kind.connection, kind.source);
  });
  const schema = z.strictObject({
    $schema: z.string().optional(),
    plant: plantFields,
    stations: z.array(z.union(stations)).min(1),
  });
  return {
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    title: 'Pegel plant file (PEGEL_PLANT_FILE)',
  };
}
