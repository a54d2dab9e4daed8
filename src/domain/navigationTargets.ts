/**
 * The navigation targets actions open (SPEC §2 "Navigation targets used by actions") and the
 * one rule for how an action is carried out — the dispatcher's plan:
 *
 * - NT1: every target has one in-app address (DESIGN.md "Routes").
 * - NT2: in a browser a target opens in a new tab; inside the native app (embedded mode) it
 *   opens by in-app navigation.
 * - NT3: a start-application path opens as a web URL in a new tab (http:// prepended when it
 *   has no scheme); file: and unparsable paths are refused with 'Fehlerhafter Pfad' (AT1).
 * - NT4: an action type the web client does not know is refused with 'Die Aktion {0} wird im
 *   Webclient nicht unterstützt' (AT2).
 */
import { pvUrlId } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import { ACTION_TARGET_KEYS, resolveStartApplicationPath } from './validation/actionTargets.ts';
import { type RuleMessage, ruleMessage } from './validation/ruleMessage.ts';

export type NavigationTarget =
  | { kind: 'alertArchive' }
  /** A station's archive chart or a PV's archive trend; `start` in epoch ms. */
  | { kind: 'archiveChart'; station?: number; pv?: PvRef; start?: number }
  | { kind: 'realtimeTrend'; pvs: readonly PvRef[] }
  /** The last `amount` days (the start is now minus the duration). */
  | { kind: 'archiveTrend'; pvs: readonly PvRef[]; amount: number; unit: 'Days' }
  | { kind: 'machineDatasheet'; pv: PvRef }
  | { kind: 'machineRuntime'; pv: PvRef }
  /** Siblings of data sheet and runtime in a PV's actions; they behave as those do. */
  | { kind: 'machineLifecycle'; pv: PvRef }
  | { kind: 'pvAlertHistory'; pv: PvRef }
  | { kind: 'dashboard'; id: number }
  | { kind: 'remoteAlarmActivation' }
  | { kind: 'remoteAlarmNumbersEdit' };

export type ActionRequest =
  | { type: 'navigate'; target: NavigationTarget }
  | { type: 'startApplication'; path: string }
  /** An action type the web client cannot perform, by its configured name. */
  | { type: 'unsupported'; name: string };

export type ActionPlan =
  | { kind: 'inApp'; path: string }
  /** A path of this application, opened in a new browser tab. */
  | { kind: 'newTab'; path: string }
  /** A web address of another application (start application), in a new tab. */
  | { kind: 'external'; url: string }
  /** `detail`: what was refused (the path), shown as typed. */
  | { kind: 'refuse'; title: RuleMessage; message: RuleMessage; detail?: string };

const pvQuery = (pvs: readonly PvRef[]) => pvs.map((pv) => `pv=${pvUrlId(pv)}`).join('&');

/** NT1: the in-app address of a target. */
export function targetPath(target: NavigationTarget): string {
  switch (target.kind) {
    case 'alertArchive':
      return '/alerts/archive';
    case 'archiveChart': {
      const query = new URLSearchParams();
      if (target.pv) query.set('pv', pvUrlId(target.pv));
      else if (target.station !== undefined) query.set('station', String(target.station));
      if (target.start !== undefined) query.set('start', String(target.start));
      return `/charts/archive?${query.toString()}`;
    }
    case 'realtimeTrend':
      return `/trend/realtime?${pvQuery(target.pvs)}`;
    case 'archiveTrend':
      return `/trend/archive?${pvQuery(target.pvs)}&amount=${target.amount}&unit=${target.unit}`;
    case 'machineDatasheet':
      return `/machines/${pvUrlId(target.pv)}/datasheet`;
    case 'machineRuntime':
      return `/machines/${pvUrlId(target.pv)}/runtime`;
    case 'machineLifecycle':
      return `/machines/${pvUrlId(target.pv)}/lifecycle`;
    case 'pvAlertHistory':
      return `/alerts/history?pv=${pvUrlId(target.pv)}`;
    case 'dashboard':
      return `/dashboard/${target.id}`;
    case 'remoteAlarmActivation':
      return '/remote-alarm/numbers';
    case 'remoteAlarmNumbersEdit':
      return '/remote-alarm/numbers/edit';
  }
}

export interface DispatchContext {
  /** Running inside the native app (a bridge was found). */
  embedded: boolean;
}

/** NT2-NT4: what carrying out `action` means here. */
export function planAction(action: ActionRequest, context: DispatchContext): ActionPlan {
  switch (action.type) {
    case 'navigate': {
      const path = targetPath(action.target);
      return context.embedded ? { kind: 'inApp', path } : { kind: 'newTab', path };
    }
    case 'startApplication': {
      const resolved = resolveStartApplicationPath(action.path);
      return resolved.ok
        ? { kind: 'external', url: resolved.url }
        : {
            kind: 'refuse',
            title: resolved.title,
            message: resolved.message,
            ...(action.path.trim() ? { detail: action.path.trim() } : {}),
          };
    }
    case 'unsupported':
      return {
        kind: 'refuse',
        title: ruleMessage(ACTION_TARGET_KEYS.unsupportedTitle),
        message: ruleMessage(ACTION_TARGET_KEYS.unsupportedAction, { action: action.name }),
      };
  }
}
