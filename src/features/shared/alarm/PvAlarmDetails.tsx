/**
 * A PV's alarm state and its analogue limits, live (DESIGN.md "Alarm states"; SPEC §3 "PV
 * limit config" with the suffix codes ugw, mugw, mogw, ogw): what the PV dialog of a
 * process image shows, so an operator sees why a value is in alarm and against which limit.
 * The limits come from the limit-config topic (newLimitConfig), leased while shown.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import { LIMIT_TYPES } from '../../../contract/enums.ts';
import type { PvRef } from '../../../contract/pv.ts';
import { LIMIT_SUFFIX } from '../../../domain/pvAlarm.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { usePvAlarm, usePvLimits } from '../../../live/index.ts';
import { PvAlarmMark, useAlarmLabel } from './PvAlarmMark.tsx';

export function PvAlarmDetails({
  pv,
  decimals,
  unit,
}: {
  pv: PvRef;
  decimals: number;
  unit: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const alarm = usePvAlarm(pv);
  const label = useAlarmLabel();
  const limits = usePvLimits(pv.type === 'AnaIn' ? pv : null);
  const set = LIMIT_TYPES.map((type) => limits?.[type]).filter(
    (l): l is NonNullable<typeof l> => l !== undefined && !l.notSet,
  );
  return (
    <div className="pv-alarm-details">
      {alarm ? (
        <p className="pv-alarm-state" data-alarm={alarm.phase}>
          <PvAlarmMark alarm={alarm} />
          <span>{label(alarm)}</span>
        </p>
      ) : alarm === null ? (
        <p className="pv-alarm-state is-normal">{t('alarmState.none')}</p>
      ) : null}
      {set.length > 0 && (
        <dl className="pv-limit-list" aria-label={t('alarmState.limits')}>
          {set.map((l) => (
            <div key={l.pvLimitRef.limitType}>
              <dt title={t(`actions.limits.types.${l.pvLimitRef.limitType}`)}>
                {LIMIT_SUFFIX[l.pvLimitRef.limitType]}
              </dt>
              <dd>
                {format.number(l.limit, decimals)}
                {unit ? ` ${unit}` : ''}
                <span className="pv-limit-prio">
                  {' '}
                  · {t('alarmState.priorityShort', { priority: l.priority })}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
