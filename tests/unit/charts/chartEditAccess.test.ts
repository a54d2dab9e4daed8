/** SPEC §6 "currentUserCanEdit on charts" — rule CE1 of src/features/charts/chartEditAccess.ts. */
import { describe, expect, it } from 'vitest';
import { chartEditAccess } from '../../../src/features/charts/chartEditAccess.ts';

describe('chart edit access', () => {
  it('CE1: annotations are editable only with the editCharts right and the chart’s own flag', () => {
    expect(chartEditAccess(true, { currentUserCanEdit: true })).toEqual({ may: true });
    expect(chartEditAccess(true, { currentUserCanEdit: false })).toEqual({
      may: false,
      reason: 'notThisChart',
    });
    expect(chartEditAccess(false, { currentUserCanEdit: true })).toEqual({
      may: false,
      reason: 'noRight',
    });
    expect(chartEditAccess(false, { currentUserCanEdit: false })).toEqual({
      may: false,
      reason: 'noRight',
    });
  });
});
