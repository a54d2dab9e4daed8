import { Link } from 'react-router';
import { cx } from '../../ui/index.ts';
import './breadcrumb.css';

/**
 * The way back above a page's header: a link to the area the page belongs to. `label` names
 * the navigation for assistive technology; it is the link's text unless told otherwise.
 */
export function Breadcrumb({
  to,
  text,
  label = text,
  className,
}: {
  to: string;
  text: string;
  label?: string;
  className?: string;
}) {
  return (
    <nav className={cx('breadcrumb', className)} aria-label={label}>
      <Link to={to}>{text}</Link>
    </nav>
  );
}
