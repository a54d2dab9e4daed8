/**
 * What every shown PV value needs of the tab's texts, formats and alarm colours, asked once
 * by a list of many (the station page's PV rows, a dashboard's tiles) and handed to each
 * item as a prop: react-i18next's `useTranslation` is some 13 hooks and two listeners a
 * call, and each row or tile asked in several parts (its texts, the stale note, the alarm
 * mark, the action button, the alarm text) before. A new language or new texts give a new
 * kit, and every item renders again with it.
 */
import { useMemo } from 'react';
import { useFormat, type Formatters } from '../../app/useFormat.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import type { StaleReason } from '../../domain/valueStanding.ts';
import { alarmLabelWith } from './alarm/PvAlarmMark.tsx';
import { useAlarmText } from './alarm/useAlarmText.ts';
import { usePriorityStyles, type PriorityStyles } from './alarm/usePriorities.ts';

export interface ValueKit {
  t: ReturnType<typeof useTranslation>['t'];
  format: Formatters;
  /** An alarm text with its limit words in the language shown. */
  alarmText: (text: string) => string;
  /** The alarm state in words (the alarm mark's label). */
  alarmLabel: ReturnType<typeof alarmLabelWith>;
  priorityStyles: PriorityStyles;
  /** Why a value is stale, in words (the stale note). */
  staleReason: (reason: StaleReason) => string;
}

export function useValueKit(): ValueKit {
  const { t } = useTranslation();
  const alarmText = useAlarmText();
  const format = useFormat();
  const priorityStyles = usePriorityStyles();
  return useMemo(
    (): ValueKit => ({
      t,
      format,
      alarmText,
      alarmLabel: alarmLabelWith(t),
      priorityStyles,
      staleReason: (reason) => t(`ui.stale.${reason}`),
    }),
    [t, format, alarmText, priorityStyles],
  );
}
