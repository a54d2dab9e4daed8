/**
 * GET /api/SystemConfig/priorities: levels 0-9 with ARGB colours in a calm ISA-101 palette.
 * 0 is the highest priority: red, orange, yellow for the urgent ones; the low ones muted
 * blue-grey so they do not compete for attention.
 */
import type { Priority } from '../../src/contract/alerts.ts';

const PALETTE: readonly [string, number][] = [
  ['Kritisch', 0xffd32f2f],
  ['Sehr hoch', 0xffe64a19],
  ['Hoch', 0xfff57c00],
  ['Erhöht', 0xfffbc02d],
  ['Mittel', 0xffc0a93b],
  ['Normal', 0xff5c7c99],
  ['Niedrig', 0xff6f8499],
  ['Gering', 0xff8796a5],
  ['Information', 0xff9aa5b1],
  ['Hinweis', 0xffb0b8c1],
];

export const PRIORITIES: readonly Priority[] = PALETTE.map(([name, color], level) => ({
  level,
  name,
  color,
}));
