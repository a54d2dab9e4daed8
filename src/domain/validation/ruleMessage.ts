/**
 * The structured outcome of a rule: an i18n key (with its top-level namespace, e.g.
 * `validation.limits.priorityRange`) and its interpolation values. Views translate it with
 * `t(message.key, message.params)`; rules never hold display text.
 */
export interface RuleMessage {
  key: string;
  params?: Record<string, string | number>;
  /** The input the message belongs to, so a view can place it beside that field. */
  field?: string;
}

export function ruleMessage(
  key: string,
  params?: Record<string, string | number>,
  field?: string,
): RuleMessage {
  const m: RuleMessage = { key };
  if (params) m.params = params;
  if (field !== undefined) m.field = field;
  return m;
}

/** Either a parsed value or the message that says why the input was rejected. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: RuleMessage };

export function parsed<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function rejected<T>(message: RuleMessage): Parsed<T> {
  return { ok: false, message };
}
