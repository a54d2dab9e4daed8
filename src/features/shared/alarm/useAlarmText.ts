/** Alarm texts in the user's language: the limit words translated (src/domain/limitWords.ts). */
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { LimitType } from '../../../contract/enums.ts';
import { splitLimitWords } from '../../../domain/limitWords.ts';

export function useAlarmText(): (text: string) => string {
  const { t } = useTranslation();
  // Each key written out: a text file holds the keys its modules name (L3).
  const words = useMemo(
    (): Record<LimitType, string> => ({
      Top: t('alarmState.limitWords.Top'),
      TopMiddle: t('alarmState.limitWords.TopMiddle'),
      BottomMiddle: t('alarmState.limitWords.BottomMiddle'),
      Bottom: t('alarmState.limitWords.Bottom'),
    }),
    [t],
  );
  return useCallback(
    (text: string) => {
      const split = splitLimitWords(text);
      if (!split) return text;
      return split.head ? `${split.head} ${words[split.limit]}` : words[split.limit];
    },
    [words],
  );
}
