/**
 * The one action dispatcher: every navigation target of SPEC §2, every start-application path
 * and every action the web client cannot perform goes through `dispatch` (or `ActionLink`,
 * which renders the same plan as a link). The plan is the pure rule of
 * `domain/navigationTargets.ts`; this file carries it out: in-app navigation, a new tab, or
 * the refusal dialog ('Fehlerhafter Pfad', 'Die Aktion … wird im Webclient nicht unterstützt').
 *
 * The rule (with its path checks) loads with the first action: the shell provides the
 * dispatcher on every page, but only pages with actions use it (issue 42's budget). The pages
 * that dispatch load the rule themselves (through `ActionLink`), so the import is at hand; a
 * new tab opened after it still has the click's user activation.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../useTranslation.ts';
import { useNavigate } from 'react-router';
import type { ActionPlan, ActionRequest } from '../../domain/navigationTargets.ts';
import type { RuleMessage } from '../../domain/validation/ruleMessage.ts';
import { nativeBridge } from '../../platform/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import './actions.css';

export interface Refusal {
  title: RuleMessage;
  message: RuleMessage;
  /** What was refused, as configured (a path). */
  detail?: string;
}

export interface ActionDispatcher {
  /** Inside the native app: targets open in-app instead of in a new tab. */
  embedded: boolean;
  dispatch(action: ActionRequest): void;
  /** Shows a refusal in the dispatcher's dialog (also used by the QR scan). */
  refuse(refusal: Refusal): void;
}

const DispatcherContext = createContext<ActionDispatcher | null>(null);

/** Opens a path of this app in a new tab; a blocked pop-up falls back to this tab. */
function openInNewTab(path: string, fallback: () => void): void {
  const opened = window.open(path, '_blank');
  if (!opened) {
    fallback();
    return;
  }
  opened.opener = null;
}

export function ActionDispatcherProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ruleText = (m: RuleMessage) => t(m.key as ParseKeys, m.params ?? {}) as string;
  const navigate = useNavigate();
  const embedded = nativeBridge().embedded;
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const carryOut = useCallback(
    (next: ActionPlan) => {
      switch (next.kind) {
        case 'inApp':
          void navigate(next.path);
          return;
        case 'newTab':
          openInNewTab(next.path, () => void navigate(next.path));
          return;
        case 'external':
          window.open(next.url, '_blank', 'noopener,noreferrer');
          return;
        case 'refuse':
          setRefusal({ title: next.title, message: next.message, detail: next.detail });
      }
    },
    [navigate],
  );
  const dispatch = useCallback(
    (action: ActionRequest) =>
      void import('../../domain/navigationTargets.ts').then(({ planAction }) =>
        carryOut(planAction(action, { embedded })),
      ),
    [carryOut, embedded],
  );
  const value = useMemo<ActionDispatcher>(
    () => ({ embedded, dispatch, refuse: setRefusal }),
    [embedded, dispatch],
  );

  return (
    <DispatcherContext.Provider value={value}>
      {children}
      {refusal && (
        <Dialog
          open
          role="alertdialog"
          size="small"
          className="action-refusal"
          title={ruleText(refusal.title)}
          onClose={() => setRefusal(null)}
          actions={
            <Button variant="primary" data-autofocus onClick={() => setRefusal(null)}>
              {t('platform.ok')}
            </Button>
          }
        >
          <p>{ruleText(refusal.message)}</p>
          {refusal.detail && <code className="action-refusal-detail">{refusal.detail}</code>}
        </Dialog>
      )}
    </DispatcherContext.Provider>
  );
}

export function useActionDispatcher(): ActionDispatcher {
  const dispatcher = useContext(DispatcherContext);
  if (!dispatcher) throw new Error('useActionDispatcher needs an ActionDispatcherProvider');
  return dispatcher;
}
