/** Inside the native app: its version and its name for this connection (SPEC §2 bridge). */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { nativeBridge } from '../../platform/index.ts';
import { Panel } from '../../ui/index.ts';

export function AppInfoPanel() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<{ version: string | null; connection: string | null } | null>(
    null,
  );
  useEffect(() => {
    const bridge = nativeBridge();
    if (!bridge.embedded) return;
    let live = true;
    void Promise.all([
      bridge.appInfo().then(
        (a) => a?.version ?? null,
        () => null,
      ),
      bridge.connectionName().catch(() => null),
    ]).then(([version, connection]) => {
      if (live) setInfo({ version, connection });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!info) return null;
  return (
    <Panel title={t('platform.app.title')}>
      <dl className="facts" data-app-info>
        <dt>{t('platform.app.version')}</dt>
        <dd>{info.version ?? '—'}</dd>
        <dt>{t('platform.app.connection')}</dt>
        <dd>{info.connection ?? '—'}</dd>
      </dl>
    </Panel>
  );
}
