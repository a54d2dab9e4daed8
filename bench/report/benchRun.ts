/** The record of one bench run, as written to bench/results/<timestamp>.json. */
import type { MachineInfo } from '../harness/machine.ts';
import type { ScenarioResult } from '../harness/scenario.ts';

export const BENCH_RUN_FORMAT = 1;

export interface BenchRun {
  format: typeof BENCH_RUN_FORMAT;
  startedAt: string;
  finishedAt: string;
  mode: 'quick' | 'full';
  /** Scenario ids asked for with --only; null for all. */
  only: string[] | null;
  /** 'fake' when run against bench/harness/fakePlant.ts (a harness self-check). */
  plant: 'reference' | 'fake';
  machine: MachineInfo;
  /** 1-minute load average when the run ended (machine.loadAverage1m is at the start). */
  loadAverage1mAtEnd?: number;
  scenarios: ScenarioResult[];
}
