/**
 * A navigation target as a link, planned by the dispatcher: a real link to a new tab in a
 * browser (so middle-click, copy address and the browser's own keyboard handling work, and
 * the name says it opens a new tab), an in-app link inside the native app.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../useTranslation.ts';
import { Link } from 'react-router';
import { planAction, targetPath, type NavigationTarget } from '../../domain/navigationTargets.ts';
import { Icon } from '../../ui/index.ts';
import { useActionDispatcher } from './ActionDispatcher.tsx';
import './actions.css';

export interface ActionLinkProps {
  target: NavigationTarget;
  children: ReactNode;
  className?: string;
  /** Called when the link is followed (a dialog closes itself). */
  onFollow?: () => void;
}

export function ActionLink({ target, children, className, onFollow }: ActionLinkProps) {
  const { t } = useTranslation();
  const { embedded } = useActionDispatcher();
  const next = planAction({ type: 'navigate', target }, { embedded });
  if (next.kind !== 'newTab')
    return (
      <Link
        to={next.kind === 'inApp' ? next.path : targetPath(target)}
        className={className}
        onClick={onFollow}
      >
        {children}
      </Link>
    );
  return (
    <a
      href={next.path}
      target="_blank"
      rel="noopener"
      className={className ? `${className} action-link-new-tab` : 'action-link-new-tab'}
      onClick={onFollow}
    >
      {children}
      <span className="visually-hidden"> ({t('platform.newTab')})</span>
      <Icon name="newTab" className="action-link-icon" size="0.95em" />
    </a>
  );
}
