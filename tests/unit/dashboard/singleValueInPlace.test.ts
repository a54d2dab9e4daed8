// @vitest-environment happy-dom
/**
 * A dashboard's single-value tile written in place (issue 44, SingleValueTile.tsx and
 * Gauges.tsx `writeGauge`): a new value changes the number, the gauge's fill or arc and its
 * accessible value without a render of the tile; the tile renders when the value turns stale
 * (with its one mark, domain/valueStanding.ts) or fresh again.
 */
import { act, createElement, Profiler } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PvConfig, PvValue } from '../../../src/contract/pv.ts';
import type { DashboardTile } from '../../../src/contract/dashboard.ts';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { liveFrame } from '../../support/liveFrame.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import { SingleValueTile } from '../../../src/features/dashboard/tiles/SingleValueTile.tsx';
import { useValueKit } from '../../../src/features/shared/valueKit.ts';
import type { Frame } from '../../../workers/engineProtocol.ts';
import { de } from '../i18n/allTexts.ts';
import { rootPerTest, type TestRoot } from '../../support/reactRoot.ts';

beforeAll(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  addTexts('de', de);
});

const REF = { type: 'AnaIn', nr: 100_001 } as const;
const KEY = 'ai100001';
const CONFIG = {
  pvRef: REF,
  name: 'Füllstand',
  dimension: 'm',
  decimalPlaces: 2,
  stationNumber: 100,
  domainConfig: { min: 0, max: 10 },
  digiDisplayConfig: null,
  anaLimitConfig: null,
  alertInputConfig: null,
} as unknown as PvConfig;

function value(doubleValue: number, quality: PvValue['quality'] = 'Good'): PvValue {
  return { pvRef: REF, typeOfValue: 'DoubleValue', doubleValue, quality, timestamp: Date.now() };
}

function frame(pvValues: PvValue[], withConfig = false): Frame {
  return liveFrame({
    pvValues,
    pvConfigs: withConfig ? [[KEY, { state: 'ready', config: CONFIG }]] : [],
  });
}

/** The tile with the texts its layout asks once for all tiles (DashboardLayout). */
function KitTile({ tile }: { tile: DashboardTile }) {
  return createElement(SingleValueTile, { tile, kit: useValueKit() });
}

async function mountTile(mounted: TestRoot, displayStyle: string) {
  const store = new TabLiveStore();
  store.apply(frame([value(2)], true));
  const client = { store, lease: () => () => undefined } as unknown as LiveClient;
  let commits = 0;
  const tile = { id: 1, type: 'SingleValue', title: '', size: 'Small', pv: REF, displayStyle };
  await mounted.render(
    createElement(
      LiveContext.Provider,
      { value: client },
      createElement(
        Profiler,
        { id: 'tile', onRender: () => void commits++ },
        createElement(KitTile, { tile: tile as DashboardTile }),
      ),
    ),
  );
  return { store, commits: () => commits };
}

describe('single-value tile written in place', () => {
  const mount = rootPerTest();

  it('DV1: a new value moves the number, the fill and the meter without a render of the tile; turning stale renders it once, with its mark', async () => {
    const mounted = mount();
    const { store, commits } = await mountTile(mounted, 'HorizontalGauge');
    const root = mounted.container;
    const number = () => root.querySelector('.gauge-number')!.textContent;
    const track = () => root.querySelector('.gauge-track-box')!;
    const fill = () => root.querySelector<HTMLElement>('.gauge-fill')!.style.transform;
    expect(number()).toBe('2,00');
    expect(track().getAttribute('aria-valuenow')).toBe('2');
    const before = commits();
    await act(() => void store.apply(frame([value(7.5)])));
    expect(number()).toBe('7,50');
    expect(fill()).toBe('scaleX(0.75)');
    expect(track().getAttribute('role')).toBe('meter');
    expect(track().getAttribute('aria-valuenow')).toBe('7.5');
    expect(track().getAttribute('aria-valuetext')).toBe('7,50 m');
    expect(commits()).toBe(before);
    expect(root.querySelector('.stale-note')).toBeNull();
    // Uncertain: the tile renders with the '?' mark, the value still shows.
    await act(() => void store.apply(frame([value(8, 'Uncertain')])));
    expect(commits()).toBe(before + 1);
    expect(number()).toBe('8,00');
    expect(root.querySelector('.single-value')!.getAttribute('data-stale')).toBe('uncertain');
    expect(root.querySelector('.stale-mark')?.textContent).toBe('?');
    // Fresh again: one more render, the mark is gone; then values move in place again.
    await act(() => void store.apply(frame([value(3)])));
    expect(commits()).toBe(before + 2);
    expect(root.querySelector('.stale-mark')).toBeNull();
    await act(() => void store.apply(frame([value(4)])));
    expect(commits()).toBe(before + 2);
    expect(number()).toBe('4,00');
    expect(fill()).toBe('scaleX(0.4)');
  });

  it('DV2: the circular gauge moves its arc (the dash of one path) and its name in place', async () => {
    const mounted = mount();
    const { store, commits } = await mountTile(mounted, 'CircularGauge');
    const root = mounted.container;
    const bar = () => root.querySelector('path.gauge-bar')!;
    const label = () => root.querySelector('svg')!.getAttribute('aria-label');
    const path = bar();
    const d = path.getAttribute('d');
    expect(path.getAttribute('pathLength')).toBe('1');
    expect(path.getAttribute('stroke-dasharray')).toBe('0.2 2');
    expect(label()).toBe('2,00 m');
    const before = commits();
    await act(() => void store.apply(frame([value(9)])));
    expect(bar()).toBe(path);
    expect(path.getAttribute('d')).toBe(d);
    expect(path.getAttribute('stroke-dasharray')).toBe('0.9 2');
    expect(label()).toBe('9,00 m');
    expect(root.querySelector('.gauge-number')!.textContent).toBe('9,00');
    expect(commits()).toBe(before);
    // At the start of the scale the arc is empty and still the same path.
    await act(() => void store.apply(frame([value(0)])));
    expect(bar()).toBe(path);
    expect(path.getAttribute('stroke-dasharray')).toBe('0 2');
  });

  it('DV3: a new value changes the data of the text node React rendered; no node enters or leaves the tile', async () => {
    const mounted = mount();
    const { store, commits } = await mountTile(mounted, 'DigitalGauge');
    const root = mounted.container;
    const number = root.querySelector('.gauge-number')!;
    const text = number.firstChild;
    expect(text?.nodeType).toBe(Node.TEXT_NODE);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    const before = commits();
    await act(() => void store.apply(frame([value(5.25)])));
    await Promise.resolve();
    observer.disconnect();
    expect(number.firstChild).toBe(text);
    expect(text!.nodeValue).toBe('5,25');
    expect(changes.filter((r) => r.type === 'childList')).toEqual([]);
    expect(changes.some((r) => r.type === 'characterData' && r.target === text)).toBe(true);
    expect(commits()).toBe(before);
  });
});
