// @vitest-environment happy-dom
/**
 * Plain links in a list followed in the app by one handler (src/features/shared/useFollowLinks.ts):
 * a plain click goes through React Router's navigate, a click the browser should handle itself
 * (a modifier, another button, a target, a download, a path out of the app) is left alone, and
 * the navigation's current entry is marked from the location (navItemActive).
 */
import { act, createElement, useRef } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { navItemActive } from '../../../src/app/navigation.ts';
import { useFollowLinks } from '../../../src/features/shared/useFollowLinks.ts';
import { rootPerTest } from '../../support/reactRoot.ts';

const mount = rootPerTest();

function Where() {
  const { pathname, search } = useLocation();
  return createElement('output', null, pathname + search);
}

function List() {
  const ref = useRef<HTMLDivElement>(null);
  useFollowLinks(ref);
  return createElement(
    'div',
    { ref },
    createElement('a', { href: '/trend/realtime?pv=AnaIn-1', id: 'trend' }, 'Trend'),
    createElement('a', { href: '/help', target: '_blank', id: 'blank' }, 'Help'),
    createElement('a', { href: '/export.csv', download: '', id: 'download' }, 'CSV'),
    createElement('a', { href: 'https://example.org/', id: 'out' }, 'Out'),
    createElement('a', { href: '//example.org/', id: 'protocolRelative' }, 'Out'),
    createElement('a', { href: '#part', id: 'hash' }, 'Part'),
  );
}

async function render() {
  const mounted = mount();
  await mounted.render(
    createElement(
      MemoryRouter,
      { initialEntries: ['/stations/1'] },
      createElement(Where),
      createElement(
        Routes,
        null,
        createElement(Route, { path: '*', element: createElement(List) }),
      ),
    ),
  );
  const at = () => mounted.container.querySelector('output')?.textContent;
  /** Clicks link `id`: whether the browser's own handling was left to happen. */
  const click = async (id: string, init: MouseEventInit = {}) => {
    const link = mounted.container.querySelector(`#${id}`)!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
    // Read at the end of the bubbling, then kept from happy-dom's own following of the link.
    let leftToBrowser = false;
    const last = (e: Event) => {
      leftToBrowser = !e.defaultPrevented;
      e.preventDefault();
    };
    window.addEventListener('click', last, { once: true });
    await act(async () => {
      link.dispatchEvent(event);
    });
    return leftToBrowser;
  };
  return { at, click };
}

describe('useFollowLinks', () => {
  it('FL1: a plain click (or Enter) on a link of the list navigates in the app', async () => {
    const { at, click } = await render();
    expect(at()).toBe('/stations/1');
    expect(await click('trend')).toBe(false);
    expect(at()).toBe('/trend/realtime?pv=AnaIn-1');
  });

  it('FL2: ctrl, meta, shift and alt clicks and other buttons are left to the browser', async () => {
    const { at, click } = await render();
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { button: 2 },
    ])
      expect(await click('trend', init)).toBe(true);
    expect(at()).toBe('/stations/1');
  });

  it('FL3: a link with a target, a download or a path out of the app is left to the browser', async () => {
    const { at, click } = await render();
    for (const id of ['blank', 'download', 'out', 'protocolRelative', 'hash'])
      expect(await click(id)).toBe(true);
    expect(at()).toBe('/stations/1');
  });
});

describe('navItemActive', () => {
  it('FL4: an entry is current on its path and below it; the start page and alerts only on their own', () => {
    expect(navItemActive('/stations', '/stations')).toBe(true);
    expect(navItemActive('/stations', '/stations/3')).toBe(true);
    expect(navItemActive('/stations', '/Stations/3')).toBe(true);
    expect(navItemActive('/stations', '/stationsx')).toBe(false);
    expect(navItemActive('/', '/')).toBe(true);
    expect(navItemActive('/', '/help')).toBe(false);
    expect(navItemActive('/alerts', '/alerts')).toBe(true);
    expect(navItemActive('/alerts', '/alerts/history')).toBe(false);
  });
});
