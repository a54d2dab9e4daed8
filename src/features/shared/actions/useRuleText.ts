/** Translates the structured messages of src/domain/validation (RuleMessage) in the user's language. */
import { useCallback } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { ParseKeys } from 'i18next';
import type { RuleMessage } from '../../../domain/validation/ruleMessage.ts';

export function useRuleText(): (message: RuleMessage) => string {
  const { t } = useTranslation();
  return useCallback((m: RuleMessage) => t(m.key as ParseKeys, m.params ?? {}) as string, [t]);
}
