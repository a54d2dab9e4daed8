/** Issue 41 item 3: a report's digital state columns read as state texts on screen and in exports. */
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ReportColumn, ReportConfig, ReportData } from '../../../src/contract/reports.ts';
import { columnStates, csvCells, exportTable } from '../../../src/features/reports/reportFormat.ts';
import { formatNumber } from '../../../src/domain/format.ts';
import type { Formatters } from '../../../src/app/useFormat.ts';
import { pvConfigOf } from '../../support/pvConfigs.ts';
import { pvKey } from '../../../src/contract/keys.ts';

const pump = { type: 'DigiIn', nr: 100007 } as const;
const column = (id: string, reportValueType: 'max' | 'operatingHours'): ReportColumn => ({
  id,
  title: id,
  dimension: reportValueType === 'operatingHours' ? 'h' : '',
  decimals: 1,
  binding: { pvRef: pump, reportValueType, offset: 0, offsetUnit: 'Hours' },
  manual: null,
  manualPv: null,
});
const config = {
  id: 101,
  stationNumber: 1,
  stationName: 'S',
  name: 'Bericht',
  columns: [column('state', 'max'), column('hours', 'operatingHours')],
} as unknown as ReportConfig;
const data = {
  resolution: 'Hour',
  rows: [
    { t: 0, end: 3_600_000, values: [1, 0.5], times: [null, null] },
    { t: 3_600_000, end: 7_200_000, values: [0, 1], times: [null, null] },
  ],
  totals: [
    { sum: null, mean: 0.5, min: 0, minT: null, max: 1, maxT: null },
    { sum: 1.5, mean: 0.75, min: 0.5, minT: null, max: 1, maxT: null },
  ],
} as unknown as ReportData;
const format = {
  locale: 'de',
  timeZone: 'UTC',
  number: (v: number, d: number) => formatNumber(v, d, 'de'),
  dateTime: () => 'T',
  age: () => '',
} as Formatters;
const t = ((key: string) => key) as unknown as TFunction;

describe('report state texts', () => {
  it('RS3: a digital column of states exports its words; operating hours stay numbers', () => {
    const configs = new Map([
      [
        pvKey(pump),
        pvConfigOf(pump, {
          digiDisplayConfig: { stateActiveText: 'Störung', stateInactiveText: 'OK' },
        }),
      ],
    ]);
    const states = columnStates(config, configs);
    expect(states[1]).toBeNull();
    const cells = exportTable(config, data, format, t, states);
    expect(cells[1]!.slice(1)).toEqual(['Störung', 0.5]);
    expect(cells[2]!.slice(1)).toEqual(['OK', 1]);
    // Footer: the mean of a state is the share of time in the active state.
    const mean = cells.find((r) => r[0] === 'reports.table.mean')!;
    expect(mean.slice(1)).toEqual(['50 % Störung', 0.8]);
    expect(csvCells(cells, 'de')[1]!.slice(1)).toEqual(['Störung', '0,5']);
    // Without the PV's configuration the column keeps its numbers.
    expect(exportTable(config, data, format, t)[1]!.slice(1)).toEqual([1, 0.5]);
  });
});
