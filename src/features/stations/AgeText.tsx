/**
 * The age of a value ('vor 12 s'), ticking with the tab's one shared clock. Its own small
 * component, so the clock re-renders only this text each second, not the row or page
 * around it (those re-render when their value changes).
 */
import { useFormat } from '../../app/useFormat.ts';
import { useNow } from '../../ui/useNow.ts';

export function AgeText({ timestamp }: { timestamp: number | null | undefined }) {
  const format = useFormat();
  const now = useNow();
  return <>{timestamp ? format.age(now - timestamp) : ''}</>;
}
