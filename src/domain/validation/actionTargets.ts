/**
 * Start-application paths and action targets (SPEC §2 "Navigation targets used by actions").
 */
import { isWebUrl } from './forms.ts';
import { type RuleMessage, ruleMessage } from './ruleMessage.ts';

export const ACTION_TARGET_KEYS = {
  faultyPathTitle: 'validation.actionTargets.faultyPathTitle',
  onlyWebUrls: 'validation.actionTargets.onlyWebUrls',
  unsupportedAction: 'validation.actionTargets.unsupportedAction',
  unsupportedTitle: 'validation.actionTargets.unsupportedTitle',
} as const;

export type StartApplicationTarget =
  { ok: true; url: string } | { ok: false; title: RuleMessage; message: RuleMessage };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function faultyPath(): StartApplicationTarget {
  return {
    ok: false,
    title: ruleMessage(ACTION_TARGET_KEYS.faultyPathTitle),
    message: ruleMessage(ACTION_TARGET_KEYS.onlyWebUrls),
  };
}

/**
 * AT1: a configured start-application path opened as a web URL. A path without scheme gets
 * http:// prepended ('host:8080/x' counts as without scheme); file: URLs, other schemes
 * (javascript:, a drive letter 'C:'), UNC paths and unparsable paths give the 'Fehlerhafter
 * Pfad' dialog stating that only web URLs are supported.
 */
export function resolveStartApplicationPath(
  path: string | null | undefined,
): StartApplicationTarget {
  const text = (path ?? '').trim();
  if (text === '' || text.startsWith('\\') || /\s/.test(text)) return faultyPath();
  const scheme = SCHEME.exec(text);
  const hostWithPort = scheme && /^[^/:]+:\d+(?:[/?#]|$)/.test(text);
  const candidate = scheme && !hostWithPort ? text : `http://${text.replace(/^\/\/+/, '')}`;
  if (!isWebUrl(candidate)) return faultyPath();
  return { ok: true, url: new URL(candidate).href };
}

/** AT2: 'Die Aktion {0} wird im Webclient nicht unterstützt' for any unsupported type. */
export function checkActionSupported(
  actionType: string,
  supported: ReadonlySet<string>,
): RuleMessage | null {
  return supported.has(actionType)
    ? null
    : ruleMessage(ACTION_TARGET_KEYS.unsupportedAction, { action: actionType });
}
