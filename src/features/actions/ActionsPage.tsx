/** The operating area: where set values, priority outputs, text outputs and counters are found. */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { Icon, PageHeader, type IconName } from '../../ui/index.ts';
import '../shared/actions/actions.css';

const AREAS: {
  path: string;
  key: 'setValues' | 'priorityOutputs' | 'textOutputs' | 'counters';
  icon: IconName;
}[] = [
  { path: '/actions/set-values', key: 'setValues', icon: 'keyboard' },
  { path: '/actions/priority-outputs', key: 'priorityOutputs', icon: 'check' },
  { path: '/actions/text-outputs', key: 'textOutputs', icon: 'mail' },
  { path: '/actions/counters', key: 'counters', icon: 'refresh' },
];

export function ActionsPage() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow actions-page">
      <PageHeader title={t('actions.hub.title')} description={t('actions.hub.description')} />
      <ul className="actions-hub">
        {AREAS.map((a) => (
          <li key={a.key}>
            <Link to={a.path} className="actions-hub-link">
              <Icon name={a.icon} />
              <span>
                <strong>{t(`actions.hub.${a.key}`)}</strong>
                <span className="actions-hub-hint">{t(`actions.hub.${a.key}Hint`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="action-note">{t('actions.hub.stationHint')}</p>
    </section>
  );
}
