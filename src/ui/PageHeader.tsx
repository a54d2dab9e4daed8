import { useEffect, type ReactNode } from 'react';
import { useTranslation } from './useTranslation.ts';

export interface PageHeaderProps {
  title: ReactNode;
  /** One line under the title: what the page is for, or the object shown. */
  description?: ReactNode;
  /** Page-wide actions at the right (wrap below on phones). */
  actions?: ReactNode;
  /** The browser tab's title; `title` when that is text. */
  documentTitle?: string;
  /**
   * What a page of one subject shows, as the plant names it (a station's or PV's name): kept
   * with a favorite or a visit, so the page is named by kind and subject in any language.
   */
  subject?: string;
}

/** The head of every page: the page's only h1, and the browser tab's title. */
export function PageHeader({
  title,
  description,
  actions,
  documentTitle,
  subject,
}: PageHeaderProps) {
  const { t } = useTranslation();
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : null);
  const product = t('app.name');
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} – ${product}`;
  }, [tabTitle, product]);
  return (
    <header className="page-header">
      <div className="page-header-text">
        <h1 className="page-title" data-page-subject={subject}>
          {title}
        </h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-header-actions">{actions}</div>}
    </header>
  );
}
