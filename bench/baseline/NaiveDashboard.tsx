/**
 * A station page's worth of values and one live chart, done the naive way on purpose:
 * one hub connection per tab, `setState` per received value (copying the whole map each
 * time), and the chart re-fed with `setData` on every value of its key. The bench measures
 * Pegel against this.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import { LATENCY_SAMPLE_CAP, type BaselineStats } from './baselineStats.ts';
import { openPvConnection } from './pvConnection.ts';

interface Props {
  keys: string[];
  rows: number;
  chartKey: string;
  chartPoints: number;
  stats: BaselineStats;
}

function display(v: PvValue): string {
  if (v.doubleValue !== undefined) return v.doubleValue.toFixed(2);
  if (v.boolValue !== undefined) return v.boolValue ? 'on' : 'off';
  if (v.counterValue) return String(v.counterValue.value);
  if (v.runtimeValue) return String(v.runtimeValue.value);
  if (v.timeOfDayValue) return `${v.timeOfDayValue.hour}:${v.timeOfDayValue.minutes}`;
  return '';
}

function LiveChart({
  chartKey,
  points,
  latest,
}: {
  chartKey: string;
  points: number;
  latest: PvValue | undefined;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const data = useRef<{ xs: number[]; ys: number[] }>({ xs: [], ys: [] });

  useEffect(() => {
    chart.current = new uPlot(
      { width: 1200, height: 400, series: [{}, { label: chartKey, stroke: '#1f5fbf', width: 1 }] },
      [[], []],
      host.current!,
    );
    return () => chart.current?.destroy();
  }, [chartKey]);

  useEffect(() => {
    if (!latest || latest.doubleValue === undefined) return;
    const d = data.current;
    d.xs.push(latest.timestamp / 1000);
    d.ys.push(latest.doubleValue);
    if (d.xs.length > points) {
      d.xs.shift();
      d.ys.shift();
    }
    // Naive: a full setData per value, as dashboards that bind the chart to state do.
    chart.current?.setData([d.xs.slice(), d.ys.slice()]);
  }, [latest, points]);

  return <div ref={host} />;
}

export function NaiveDashboard({ keys, rows, chartKey, chartPoints, stats }: Props) {
  const [values, setValues] = useState<Record<string, PvValue>>({});
  const pending = useRef<PvValue[]>([]);

  useEffect(() => {
    const onValues = (list: PvValue[]) => {
      stats.messages++;
      for (const v of list) {
        stats.values++;
        pending.current.push(v);
        // Naive on purpose: one state update per value, copying the map each time.
        setValues((prev) => ({ ...prev, [pvKey(v.pvRef)]: v }));
      }
    };
    return openPvConnection(keys, onValues, (error) => {
      stats.state = error === null ? 'connected' : 'failed';
      stats.error = error;
    });
  }, [keys, stats]);

  useEffect(() => {
    stats.renders++;
    const now = Date.now();
    for (const v of pending.current)
      if (stats.latenciesMs.length < LATENCY_SAMPLE_CAP) stats.latenciesMs.push(now - v.timestamp);
    pending.current = [];
  }, [values, stats]);

  const shown = keys.slice(0, rows);
  return (
    <main>
      <h1>Station (naive baseline)</h1>
      <table>
        <tbody>
          {shown.map((k) => (
            <tr key={k}>
              <td>{k}</td>
              <td>{values[k] ? display(values[k]) : '…'}</td>
              <td>{values[k]?.quality ?? ''}</td>
              <td>{values[k] ? new Date(values[k].timestamp).toLocaleTimeString() : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <LiveChart chartKey={chartKey} points={chartPoints} latest={values[chartKey]} />
    </main>
  );
}
