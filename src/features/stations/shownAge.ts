/**
 * Ages written in place by the tab's age clock (src/ui/ageClock.ts): a PV row's age cell and a
 * station's age, handed to the clock when their time stamp (or language) changes, never
 * rendered again per second (issue 44).
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useFormat } from '../../app/useFormat.ts';
import { useStationLiveWriter } from '../../live/index.ts';
import { watchAge, type AgeWatch } from '../../ui/index.ts';
import { STATION_AGE_GRACE_MS } from '../../contract/station.ts';

/** The age a cell shows: of which time stamp, in which language, and its release. */
export interface ShownAge {
  timestamp: number | null;
  text: ((ageMs: number) => string) | null;
  watch: AgeWatch | null;
}

export const NO_AGE: ShownAge = { timestamp: null, text: null, watch: null };

/**
 * Hands an age cell to the tab's age clock when its time stamp (or language) changed. `live`:
 * a station's age (stationAgeWords), whose time stamps a hidden tab does not get (ageClock's
 * live ages) and whose text stays just now for STATION_AGE_GRACE_MS.
 */
export function showAge(
  el: HTMLElement | null,
  shown: ShownAge,
  timestamp: number | null,
  text: (ageMs: number) => string,
  live = false,
): ShownAge {
  if (!el || (timestamp === shown.timestamp && text === shown.text)) return shown;
  if (timestamp && shown.watch && text === shown.text) {
    shown.watch.retime(timestamp);
    return { ...shown, timestamp };
  }
  shown.watch?.();
  if (!timestamp) {
    el.textContent = '';
    return NO_AGE;
  }
  // A station's age reads just now under the grace: the clock has no step to wake for there.
  const steadyMs = live ? STATION_AGE_GRACE_MS : 0;
  return {
    timestamp,
    text,
    watch: watchAge(el, timestamp, text, undefined, { live, steadyMs }),
  };
}

/** Under this age a station's data still count as just now (src/contract/station.ts). */
export { STATION_AGE_GRACE_MS };

/**
 * Words for a station's age that read as just now ('jetzt') until its time stamp is
 * STATION_AGE_GRACE_MS old: the clock's step at one second and the next time stamp a moment
 * later would otherwise write 1 s and 0 s again each second, two frames for nothing (issue
 * 44), and make a normal station flicker; and the engine sends a tab a connected station's
 * newer time stamp only shortly before its age would leave just now (FR8), not each second
 * (issue 58).
 */
export function stationAgeWords(words: (ageMs: number) => string): (ageMs: number) => string {
  return (ageMs) => words(ageMs < STATION_AGE_GRACE_MS ? 0 : ageMs);
}

/**
 * The age of a station's newest data, written into `ageEl` ('—' without one) and its date and
 * time to the minute into `holder`'s title, in place: a connected station's new time stamp
 * each second renders nothing and changes no attribute (a title to the second restyled the
 * holder and drew a frame of its own each second; the age says the seconds). `text` words the
 * age ('veraltet, vor 12 min'; keep it stable, useCallback), by default the age alone.
 */
export function useStationAgeWriter(
  stationNumber: number,
  holder: RefObject<HTMLElement | null>,
  ageEl: RefObject<HTMLElement | null>,
  text?: (ageMs: number) => string,
): void {
  const format = useFormat();
  const age = useRef<ShownAge>(NO_AGE);
  const words = useMemo(() => stationAgeWords(text ?? format.age), [text, format.age]);
  useStationLiveWriter(stationNumber, (live) => {
    const timestamp = live?.timestamp || null;
    if (timestamp === age.current.timestamp && words === age.current.text) {
      // The station's frame after the tab was hidden says its time stamp is still the newest.
      if (timestamp) age.current.watch?.retime(timestamp);
      return;
    }
    age.current = showAge(ageEl.current, age.current, timestamp, words, true);
    const el = ageEl.current;
    if (!timestamp && el && el.textContent !== '—') el.textContent = '—';
    const title = timestamp ? format.dateTime(timestamp, { seconds: false }) : null;
    const box = holder.current;
    if (box && title === null) box.removeAttribute('title');
    else if (box && title !== null && box.getAttribute('title') !== title)
      box.setAttribute('title', title);
  });
  useEffect(() => () => age.current.watch?.(), []);
}
