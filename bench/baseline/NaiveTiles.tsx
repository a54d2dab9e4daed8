/**
 * A dashboard of value tiles done the naive way on purpose (`?view=dashboard`): the tiles of
 * the bench dashboard of one station (bench/harness/benchDashboards.ts), its own hub
 * connection per tab, every received value a React state update that copies the map of
 * values, and every tile rendered again with its gauge. Each tile carries the same
 * `data-pv` and `.gauge-value` as Pegel's, so the bench reads both alike. Query: `station`,
 * `tiles`.
 */
import { useEffect, useRef, useState } from 'react';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import { PV_NUMBER_SPLIT } from '../../src/domain/pvRef.ts';
import { LATENCY_SAMPLE_CAP, type BaselineStats } from './baselineStats.ts';
import { openPvConnection } from './pvConnection.ts';

const STYLES = ['digital', 'circular', 'horizontal', 'text'] as const;
/** The load PVs' domain (server/plant/loadEngine.ts config). */
const MAX = 150;

function Tile({ nr, index, value }: { nr: number; index: number; value: PvValue | undefined }) {
  const style = STYLES[index % STYLES.length]!;
  const v = value?.doubleValue;
  const fraction = v === undefined ? 0 : Math.max(0, Math.min(1, v / MAX));
  const angle = Math.PI * (1 - fraction);
  return (
    <div className={`single-value tile-${style}`} data-pv={`AnaIn-${nr}`}>
      <div className="tile-title">Messwert {index + 1}</div>
      {style === 'circular' && (
        <svg viewBox="0 0 120 70" width="120" height="70">
          <path d="M10 60 A50 50 0 0 1 110 60" stroke="#ccc" strokeWidth="8" fill="none" />
          <line
            x1="60"
            y1="60"
            x2={60 + 45 * Math.cos(angle)}
            y2={60 - 45 * Math.sin(angle)}
            stroke="#1f5fbf"
            strokeWidth="3"
          />
        </svg>
      )}
      {style === 'horizontal' && (
        <div style={{ background: '#eee', height: 10 }}>
          <div style={{ background: '#1f5fbf', height: 10, width: `${fraction * 100}%` }} />
        </div>
      )}
      <span className="gauge-value">
        {v === undefined ? '—' : `${v.toFixed(2).replace('.', ',')} m³/h`}
      </span>
      <span className="tile-quality">{value?.quality ?? ''}</span>
    </div>
  );
}

export function NaiveTiles({
  station,
  tiles,
  stats,
}: {
  station: number;
  tiles: number;
  stats: BaselineStats;
}) {
  const [values, setValues] = useState<Record<string, PvValue>>({});
  const pending = useRef<PvValue[]>([]);
  const nrs = Array.from({ length: tiles }, (_, i) => station * PV_NUMBER_SPLIT + i + 1);

  useEffect(() => {
    const keys = Array.from({ length: tiles }, (_, i) => `ai${station * PV_NUMBER_SPLIT + i + 1}`);
    return openPvConnection(
      keys,
      (list) => {
        stats.messages++;
        for (const v of list) {
          stats.values++;
          pending.current.push(v);
          // Naive on purpose: one state update per value, copying the map each time.
          setValues((prev) => ({ ...prev, [pvKey(v.pvRef)]: v }));
        }
      },
      (error) => {
        stats.state = error === null ? 'connected' : 'failed';
        stats.error = error;
      },
    );
  }, [station, tiles, stats]);

  useEffect(() => {
    stats.renders++;
    const now = Date.now();
    for (const v of pending.current)
      if (stats.latenciesMs.length < LATENCY_SAMPLE_CAP) stats.latenciesMs.push(now - v.timestamp);
    pending.current = [];
  }, [values, stats]);

  return (
    <main>
      <h1>Dashboard {station} (naive baseline)</h1>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 8 }}>
        {nrs.map((nr, i) => (
          <Tile key={nr} nr={nr} index={i} value={values[`ai${nr}`]} />
        ))}
      </div>
    </main>
  );
}
