/** Help and support (/help): reaching support, the areas, connection states, keyboard use. */
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { ConnectionStatus, type ConnectionDisplay } from '../../app/ConnectionStatus.tsx';
import { NAV_ITEMS } from '../../app/navigation.ts';
import { useResource } from '../../app/resource.ts';
import { systemSettings } from '../../app/systemSettings.ts';
import { Icon, LoadingState, PageHeader, Panel, TableHead } from '../../ui/index.ts';
import { SupportContacts } from '../shared/SupportContacts.tsx';

const STATES: readonly ConnectionDisplay[] = [
  'connected',
  'connecting',
  'disconnecting',
  'notConnected',
  'engineLost',
  'offline',
  'unknown',
];

const SHORTCUTS = [
  { keys: ['Tab'], what: 'help.keys.tab' },
  { keys: ['Shift', 'Tab'], what: 'help.keys.shiftTab' },
  { keys: ['Enter'], what: 'help.keys.enter' },
  { keys: ['Esc'], what: 'help.keys.escape' },
  { keys: ['↑', '↓', '←', '→'], what: 'help.keys.arrows' },
  { keys: ['Home', 'End'], what: 'help.keys.homeEnd' },
] as const;

/** A table of the help with its column headers and a note below. */
function HelpTable({
  columns,
  note,
  children,
}: {
  columns: readonly string[];
  note: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <>
      <table className="table help-table">
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
      <p className="help-note">{note}</p>
    </>
  );
}

export function HelpPage() {
  const { t } = useTranslation();
  const settings = useResource(systemSettings);

  return (
    <div className="page page-narrow">
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <div className="settings-grid">
        <Panel title={t('help.support.title')}>
          <p>{t('help.support.text')}</p>
          <LoadingState status={settings.status} onRetry={() => systemSettings.load(true)}>
            {settings.status === 'ready' && <SupportContacts settings={settings.data} />}
          </LoadingState>
          <p className="help-note">
            {t('help.support.fromSettings')} <Link to="/settings">{t('nav.settings')}</Link>
            {' · '}
            <Link to="/about">{t('nav.about')}</Link>
          </p>
        </Panel>

        <Panel title={t('help.areas.title')}>
          <p>{t('help.areas.intro', { count: NAV_ITEMS.length })}</p>
          <ul className="area-list">
            {NAV_ITEMS.map((item) => (
              <li key={item.path}>
                <Icon name={item.icon} />
                <div>
                  <Link to={item.path}>{t(item.labelKey)}</Link>
                  {item.descriptionKey && <p>{t(item.descriptionKey)}</p>}
                </div>
              </li>
            ))}
          </ul>
        </Panel>

        <Panel title={t('help.connection.title')}>
          <p>{t('help.connection.intro')}</p>
          <HelpTable
            columns={[t('help.connection.state'), t('help.connection.meaning')]}
            note={t('help.connection.stale')}
          >
            {STATES.map((state) => (
              <tr key={state}>
                <td className="help-state">
                  <span className="header-sample">
                    <ConnectionStatus state={state} live={false} />
                  </span>
                </td>
                <td>{t(`help.connection.${state}`)}</td>
              </tr>
            ))}
          </HelpTable>
        </Panel>

        <Panel title={t('help.keys.title')}>
          <HelpTable
            columns={[t('help.keys.key'), t('help.keys.action')]}
            note={t('help.keys.skipLink')}
          >
            {SHORTCUTS.map((s) => (
              <tr key={s.what}>
                <td className="help-keys">
                  {s.keys.map((k) => (
                    <kbd key={k}>{k}</kbd>
                  ))}
                </td>
                <td>{t(s.what)}</td>
              </tr>
            ))}
          </HelpTable>
        </Panel>

        <Panel title={t('help.kiosk.title')}>
          <p>{t('help.kiosk.text')}</p>
          <p>
            <Trans t={t} i18nKey="help.kiosk.on" components={{ code: <code /> }} />
            <br />
            <Trans t={t} i18nKey="help.kiosk.off" components={{ code: <code /> }} />
          </p>
          <p id="kiosk-horn">
            <Trans t={t} i18nKey="help.kiosk.horn" components={{ code: <code /> }} />
          </p>
        </Panel>
      </div>
    </div>
  );
}
