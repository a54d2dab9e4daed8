/** The validation and result rules of SPEC §4, §5 and §8, one module per rule group. */
export * from './ruleMessage.ts';
export * from './valueEntry.ts';
export * from './limits.ts';
export * from './acknowledge.ts';
export * from './forms.ts';
export * from './actionTargets.ts';
export * from './alarmPlanActive.ts';
export * from './setTextMode.ts';
export * from './resultDialogs.ts';
export * from './counterReset.ts';
