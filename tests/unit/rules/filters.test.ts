import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  compileFilter,
  FILTER_OPERATOR_LABEL_KEYS,
  FILTER_OPERATORS,
  filterKey,
  type FilterFields,
  type FilterNode,
  type FilterOperator,
  type FilterValue,
  isEmptyFilter,
  normalizeFilterText,
  OPERATORS_BY_KIND,
} from '../../../src/domain/filters.ts';

interface Row {
  name: string | null;
  level: number | null;
  at: number | null;
}

const FIELDS: FilterFields<Row> = {
  name: { kind: 'text', get: (r) => r.name },
  level: { kind: 'number', get: (r) => r.level },
  at: { kind: 'date', get: (r) => r.at },
};

const T0 = Date.parse('2026-11-01T00:00:00Z');
const DAY = 86_400_000;

const ROWS: Row[] = [
  { name: 'Pumpe  1 Störung', level: 1, at: T0 },
  { name: 'pumpe 2 störung', level: 5, at: T0 + DAY },
  { name: 'Hochbehälter Nord', level: 9, at: T0 + 2 * DAY },
  { name: '  Brunnen 3  ', level: 0, at: T0 + 3 * DAY },
  { name: null, level: null, at: null },
];

function names(node: FilterNode | null): (string | null)[] {
  return applyFilter(ROWS, node, FIELDS).map((r) => r.name);
}

function where(field: string, operator: FilterOperator, value: FilterValue): FilterNode {
  return { field, operator, value };
}

/** A group that requires every one of `filters`. */
function all(...filters: FilterNode[]): FilterNode {
  return { logic: 'and', filters };
}

/** A group that requires any one of `filters`. */
function any(...filters: FilterNode[]): FilterNode {
  return { logic: 'or', filters };
}

describe('SPEC §5 Filters: text operators (case-insensitive, whitespace collapsed)', () => {
  it('FI1: contains matches regardless of case and repeated whitespace', () => {
    expect(names(where('name', 'contains', 'PUMPE 1'))).toEqual(['Pumpe  1 Störung']);
    expect(names(where('name', 'contains', 'störung'))).toEqual([
      'Pumpe  1 Störung',
      'pumpe 2 störung',
    ]);
  });

  it('FI2: doesnotcontain keeps rows without the text, including rows without a value', () => {
    expect(names(where('name', 'doesnotcontain', 'STÖRUNG'))).toEqual([
      'Hochbehälter Nord',
      '  Brunnen 3  ',
      null,
    ]);
  });

  it('FI3: startswith and endswith compare the trimmed, collapsed text', () => {
    expect(names(where('name', 'startswith', 'brunnen'))).toEqual(['  Brunnen 3  ']);
    expect(names(where('name', 'endswith', '3'))).toEqual(['  Brunnen 3  ']);
    expect(names(where('name', 'endswith', 'NORD'))).toEqual(['Hochbehälter Nord']);
  });

  it('FI4: eq and neq on text compare the whole normalised text', () => {
    expect(names(where('name', 'eq', ' pumpe 1   STÖRUNG '))).toEqual(['Pumpe  1 Störung']);
    expect(names(where('name', 'neq', 'pumpe 1 störung'))).toHaveLength(4);
  });

  it('FI4a: lt, lte, gt, gte on a text column compare the normalised text', () => {
    expect(names(where('name', 'lt', 'c'))).toEqual(['  Brunnen 3  ', null]);
    expect(names(where('name', 'gte', 'PUMPE 2 STÖRUNG'))).toEqual(['pumpe 2 störung']);
    expect(names(where('name', 'gt', 'hochbehälter nord'))).toEqual([
      'Pumpe  1 Störung',
      'pumpe 2 störung',
    ]);
    expect(names(where('name', 'lte', 'brunnen 3'))).toEqual(['  Brunnen 3  ', null]);
  });

  it('FI5: the filter value is normalised too (tabs, newlines, leading blanks)', () => {
    expect(normalizeFilterText('\tA \n  b ')).toBe('a b');
    expect(normalizeFilterText('Pumpe\u00a0Nord\u3000Ost')).toBe('pumpe nord ost');
    expect(normalizeFilterText('ÄÖÜ Straße')).toBe('äöü straße');
    expect(normalizeFilterText(42)).toBe('42');
    expect(names(where('name', 'contains', '\thochbehälter\n nord '))).toEqual([
      'Hochbehälter Nord',
    ]);
  });
});

describe('SPEC §5 Filters: numbers and dates compare as such', () => {
  it('FI6: eq, neq, lt, lte, gt, gte on numbers (not as text: 9 > 10 is false)', () => {
    expect(names(where('level', 'eq', 5))).toEqual(['pumpe 2 störung']);
    expect(names(where('level', 'neq', 5))).toHaveLength(4);
    expect(names(where('level', 'lt', 5))).toEqual(['Pumpe  1 Störung', '  Brunnen 3  ']);
    expect(names(where('level', 'lte', 5))).toEqual([
      'Pumpe  1 Störung',
      'pumpe 2 störung',
      '  Brunnen 3  ',
    ]);
    expect(names(where('level', 'gt', 5))).toEqual(['Hochbehälter Nord']);
    expect(names(where('level', 'gte', 9))).toEqual(['Hochbehälter Nord']);
    expect(names(where('level', 'gt', '10'))).toEqual([]);
  });

  it('FI7: a number typed as text with a decimal comma is parsed', () => {
    expect(names(where('level', 'gt', '4,5'))).toEqual(['pumpe 2 störung', 'Hochbehälter Nord']);
  });

  it('FI8: rows without a value match only neq', () => {
    expect(names(where('level', 'lt', 100))).not.toContain(null);
    expect(names(where('level', 'neq', 1))).toContain(null);
  });

  it('FI9: before and after compare dates given as ISO text, Date or epoch ms', () => {
    expect(names(where('at', 'before', new Date(T0 + DAY)))).toEqual(['Pumpe  1 Störung']);
    expect(names(where('at', 'after', '2026-11-03T00:00:00Z'))).toEqual(['  Brunnen 3  ']);
    expect(names(where('at', 'after', T0 + 2 * DAY - 1))).toEqual([
      'Hochbehälter Nord',
      '  Brunnen 3  ',
    ]);
    expect(names(where('at', 'eq', T0))).toEqual(['Pumpe  1 Störung']);
  });

  it('FI9a: a plain date (date input) is the local day; eq/neq mean on / not on that day', () => {
    const local = (d: number, h = 0) => new Date(2026, 10, d, h).getTime();
    const rows: Row[] = [1, 2, 3].map((d) => ({ name: `d${d}`, level: d, at: local(d, 12) }));
    const at = (operator: FilterOperator, value: string) =>
      applyFilter(rows, where('at', operator, value), FIELDS).map((r) => r.name);
    expect(at('eq', '2026-11-02')).toEqual(['d2']);
    expect(at('neq', '2026-11-02')).toEqual(['d1', 'd3']);
    expect(at('before', '2026-11-02')).toEqual(['d1']);
    expect(at('after', '2026-11-02')).toEqual(['d2', 'd3']);
    expect(at('eq', '2026-11-05')).toEqual([]);
  });

  it('FI10: text operators on a number column compare its text form', () => {
    expect(names(where('level', 'startswith', '9'))).toEqual(['Hochbehälter Nord']);
  });
});

describe('SPEC §5 Filters: missing or empty values always match', () => {
  it('FI11: null, undefined, blank text, NaN and invalid dates match every row', () => {
    for (const value of [null, undefined, '', '   ', NaN, new Date('nope')]) {
      expect(names(where('name', 'contains', value))).toHaveLength(ROWS.length);
      expect(names(where('level', 'gt', value))).toHaveLength(ROWS.length);
      expect(names(where('at', 'before', value))).toHaveLength(ROWS.length);
    }
  });

  it('FI12: a missing tree and empty groups match everything', () => {
    expect(names(null)).toHaveLength(ROWS.length);
    expect(names({ logic: 'and', filters: [] })).toHaveLength(ROWS.length);
    expect(names({ logic: 'or', filters: [where('name', 'eq', '')] })).toHaveLength(ROWS.length);
    expect(isEmptyFilter({ logic: 'or', filters: [{ logic: 'and', filters: [] }] })).toBe(true);
    expect(filterKey({ logic: 'and', filters: [] })).toBe('');
  });

  it('FI13: an unparsable number (still typing) filters nothing', () => {
    expect(names(where('level', 'gt', 'abc'))).toHaveLength(ROWS.length);
  });

  it('FI14: an unknown field is a programming error', () => {
    expect(() => compileFilter(where('nope', 'eq', 'x'), FIELDS)).toThrow(/Unknown filter field/);
  });
});

describe('SPEC §5 Filters: groups combine with and/or', () => {
  it('FI15: and requires every condition', () => {
    const node = all(where('name', 'contains', 'pumpe'), where('level', 'gt', 2));
    expect(names(node)).toEqual(['pumpe 2 störung']);
  });

  it('FI16: or requires any condition', () => {
    const node = any(where('name', 'contains', 'brunnen'), where('level', 'eq', 9));
    expect(names(node)).toEqual(['Hochbehälter Nord', '  Brunnen 3  ']);
  });

  it('FI17: nested groups: (pumpe and level>=5) or (level=0)', () => {
    const node = any(
      all(where('name', 'contains', 'pumpe'), where('level', 'gte', 5)),
      all(where('level', 'eq', 0)),
    );
    expect(names(node)).toEqual(['pumpe 2 störung', '  Brunnen 3  ']);
  });

  it('FI18: nested and inside and, or inside or; empty conditions drop out of their group', () => {
    const node = all(
      where('name', 'contains', ''),
      any(where('level', 'eq', 1), where('level', 'eq', 9)),
      all(where('at', 'after', T0 - 1), where('name', 'neq', null)),
    );
    expect(names(node)).toEqual(['Pumpe  1 Störung', 'Hochbehälter Nord']);
  });

  it('FI19: an or group with one empty and one real condition behaves like the real one', () => {
    const node = any(where('name', 'contains', ''), where('level', 'eq', 9));
    expect(names(node)).toEqual(['Hochbehälter Nord']);
  });

  it('FI20: a compiled predicate over 100,000 rows selects exactly the matching rows', () => {
    const rows: Row[] = Array.from({ length: 100_000 }, (_, i) => ({
      name: `Station ${i % 100}  Meldung ${i % 7}`,
      level: i % 10,
      at: T0 + i * 1000,
    }));
    const p = compileFilter(
      all(where('name', 'contains', 'meldung 3'), where('level', 'gte', 8)),
      FIELDS,
    );
    const got = rows.filter(p).length;
    const expected = rows.filter((_, i) => i % 7 === 3 && i % 10 >= 8).length;
    expect(got).toBe(expected);
  });

  it('FI20a: a text column with numbered texts answers as without: rows without a number, numbers past the first thousands', () => {
    const texts = Array.from({ length: 3000 }, (_, i) => `Station ${i}  Meldung ${i % 7}`);
    const rows = Array.from({ length: 20_000 }, (_, i) => {
      const id = (i * 7919) % 3000;
      // Every tenth row has no number (a list past its numbered texts): tested by its text.
      return { name: texts[id]!, level: 0, at: T0, id: i % 10 === 0 ? -1 : id };
    });
    type Numbered = (typeof rows)[number];
    const numbered: FilterFields<Numbered> = {
      name: { kind: 'text', get: (r) => r.name, textId: (r) => r.id },
    };
    const plain: FilterFields<Numbered> = { name: { kind: 'text', get: (r) => r.name } };
    for (const [operator, value] of [
      ['contains', 'meldung 3'],
      ['doesnotcontain', 'meldung 3'],
      ['startswith', 'station 29'],
      ['eq', 'station 2999 meldung 3'],
    ] as const) {
      const node = { logic: 'and' as const, filters: [where('name', operator, value)] };
      const want = rows.filter(compileFilter(node, plain));
      expect(want.length).toBeGreaterThan(0);
      expect(rows.filter(compileFilter(node, numbered))).toEqual(want);
    }
  });
});

describe('SPEC §5 Filters: labels', () => {
  it('FI21: every operator has a label key in the filters namespace; kinds offer valid ones', () => {
    for (const op of FILTER_OPERATORS) {
      expect(FILTER_OPERATOR_LABEL_KEYS[op]).toBe(`filters.operators.${op}`);
    }
    for (const ops of Object.values(OPERATORS_BY_KIND)) {
      for (const op of ops) expect(FILTER_OPERATORS).toContain(op);
    }
    expect(OPERATORS_BY_KIND.date).toEqual(expect.arrayContaining(['before', 'after']));
  });
});
