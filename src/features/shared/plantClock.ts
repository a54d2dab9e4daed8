/**
 * The plant's clock for date fields: its zone (from the server's settings; the browser's only
 * while they are unknown) and the app's language, and the check of a typed range. Light: the
 * pages import this directly, and the picker itself lazily (PlantDateFieldLazy.tsx).
 */
import { getLocalTimeZone } from '@internationalized/date';
import { useFormat } from '../../app/useFormat.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import { instantOfWall } from './wallTime.ts';

/** The plant's zone and the app's language, as the date fields use them. */
export function usePlantClock(): { zone: string; locale: string } {
  const format = useFormat();
  return { zone: format.timeZone ?? getLocalTimeZone(), locale: format.locale };
}

/**
 * The message for a typed range whose end is not after its start (both on the plant's
 * clock); null while either end is empty, unreal or skipped (their own fields say so).
 */
export function useRangeOrderError(from: string, to: string): string | null {
  const { t } = useTranslation();
  const { zone } = usePlantClock();
  const start = instantOfWall(from, zone).ms;
  const end = instantOfWall(to, zone).ms;
  return start !== undefined && end !== undefined && end <= start ? t('ui.dateField.order') : null;
}
