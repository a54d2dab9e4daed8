/**
 * The limit words of alarm texts. The plant writes a limit alarm as "<station>: <PV> zu hoch"
 * (server/plant/pvBuilder.ts, LIMIT_TEXT): its last words name the limit in German. The tab
 * shows them in the user's language (alarmState.limitWords in the locales); the rest of the
 * text names station and PV, which keep their names.
 */
import type { LimitType } from '../contract/enums.ts';

/** The German words per limit, longest first, so "zu hoch" is not read as "hoch". */
const LIMIT_WORDS: readonly [string, LimitType][] = [
  ['zu niedrig', 'Bottom'],
  ['zu hoch', 'Top'],
  ['niedrig', 'BottomMiddle'],
  ['hoch', 'TopMiddle'],
];

/** LW1: the limit an alarm text ends with, and the text before it; null for other texts. */
export function splitLimitWords(text: string): { head: string; limit: LimitType } | null {
  for (const [words, limit] of LIMIT_WORDS) {
    if (text === words) return { head: '', limit };
    if (text.endsWith(` ${words}`)) return { head: text.slice(0, -words.length - 1), limit };
  }
  return null;
}
