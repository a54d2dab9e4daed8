/** About this plant (/about): the plant's settings from the server, and its licence. */
import { useTranslation } from '../../app/useTranslation.ts';
import { useResource } from '../../app/resource.ts';
import { licenseOptions, systemSettings } from '../../app/systemSettings.ts';
import { LoadingState, PageHeader, Panel } from '../../ui/index.ts';
import { SupportContacts } from '../shared/SupportContacts.tsx';
import { AppInfoPanel } from './AppInfoPanel.tsx';

export function AboutPage() {
  const { t } = useTranslation();
  const settings = useResource(systemSettings);
  const licence = useResource(licenseOptions);

  return (
    <div className="page page-narrow">
      <PageHeader
        title={t('about.title')}
        description={settings.status === 'ready' ? settings.data.plantName : t('about.description')}
      />
      <LoadingState
        status={settings.status}
        label={t('about.loading')}
        onRetry={() => systemSettings.load(true)}
      >
        {settings.status === 'ready' && (
          <div className="settings-grid">
            <Panel title={t('about.plant.title')}>
              <dl className="facts">
                <dt>{t('about.plant.name')}</dt>
                <dd>{settings.data.plantName}</dd>
                {settings.data.operator && (
                  <>
                    <dt>{t('about.plant.operator')}</dt>
                    <dd>{settings.data.operator}</dd>
                  </>
                )}
                {settings.data.address && (
                  <>
                    <dt>{t('about.plant.address')}</dt>
                    <dd>{settings.data.address}</dd>
                  </>
                )}
                <dt>{t('about.plant.timeZone')}</dt>
                <dd>{settings.data.timeZone}</dd>
              </dl>
            </Panel>
            <Panel title={t('about.support.title')}>
              <SupportContacts settings={settings.data} />
            </Panel>
            <Panel title={t('about.system.title')}>
              <dl className="facts">
                <dt>{t('about.system.serverVersion')}</dt>
                <dd>{settings.data.serverVersion}</dd>
                <dt>{t('about.system.licence')}</dt>
                <dd>
                  <LoadingState status={licence.status} onRetry={() => licenseOptions.load(true)}>
                    {licence.status === 'ready' && (
                      <ul className="plain-list">
                        <li>{t('about.licence.users', { count: licence.data.maxActiveUsers })}</li>
                        <li>
                          {t('about.licence.pvGroups', {
                            count: licence.data.maxActivePvGroupRegistrations,
                          })}
                        </li>
                      </ul>
                    )}
                  </LoadingState>
                </dd>
              </dl>
            </Panel>
            <AppInfoPanel />
          </div>
        )}
      </LoadingState>
    </div>
  );
}
