/** SPEC §8 "too many alarms or number changes", shown on a plan whose daily maximum is reached. */
import { useTranslation } from '../../app/useTranslation.ts';
import { planLimitMessages, PLAN_LIMIT_KEYS, type PlanCounts } from '../../domain/planLimits.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';

export function PlanLimitNotice({ plan }: { plan: PlanCounts }) {
  const { t } = useTranslation();
  const text = useRuleText();
  const messages = planLimitMessages(plan);
  if (messages.length === 0) return null;
  return (
    <div className="plan-limit" role="status">
      <strong>{t(PLAN_LIMIT_KEYS.title)}</strong>
      {messages.map((m) => (
        <p key={m.key}>{text(m)}</p>
      ))}
    </div>
  );
}
