// @vitest-environment happy-dom
/**
 * The head row of data tables (src/ui/TableHead.tsx): a column heading per entry in order,
 * numbers' headings marked `num`, a heading for assistive technology only, left-out columns.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { TableHead } from '../../../src/ui/TableHead.tsx';
import { mountRoot } from '../../support/reactRoot.ts';

describe('TableHead', () => {
  it('renders one column heading per entry and skips the columns left out', async () => {
    const { container, render, unmount } = mountRoot();
    const columns = [
      'Zeit',
      false,
      { label: 'Dauer', num: true },
      { label: 'Aktionen', visuallyHidden: true },
    ] as const;
    await render(createElement('table', null, createElement(TableHead, { columns })));
    const heads = [...container.querySelectorAll('thead > tr > th')];
    expect(heads.map((th) => th.textContent)).toEqual(['Zeit', 'Dauer', 'Aktionen']);
    expect(heads.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(heads.map((th) => th.className)).toEqual(['', 'num', '']);
    expect(heads[2]!.querySelector('.visually-hidden')?.textContent).toBe('Aktionen');
    expect(heads[0]!.querySelector('.visually-hidden')).toBeNull();
    await unmount();
  });
});
