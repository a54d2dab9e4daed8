import { Link, useLocation } from 'react-router';
import { useTranslation } from './useTranslation.ts';
import { Icon } from '../ui/Icon.tsx';

/** The page-not-found view: says which address is unknown and offers the way back. */
export function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="page page-notfound" aria-labelledby="notfound-title">
      <Icon name="warning" className="notfound-icon" size={40} />
      <p className="notfound-code">404</p>
      <h1 id="notfound-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p className="notfound-path">
        <code>{pathname}</code>
      </p>
      <div className="notfound-actions">
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
        <Link to="/help" className="btn btn-secondary">
          {t('notFound.help')}
        </Link>
      </div>
    </section>
  );
}
