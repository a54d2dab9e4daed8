/**
 * The frame of the machine pages (SPEC §2 "machine data sheet", "machine life cycle",
 * "runtimes"): the machine's name and station, the three views as tabs, and its QR label.
 * The PV comes from the URL (`/machines/AnaIn-100001/datasheet`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { machineName } from '../../domain/maintenanceForecast.ts';
import { NavLink, useParams } from 'react-router';
import { parsePvUrlId, pvUrlId } from '../../contract/keys.ts';
import type { PvConfig, PvRef } from '../../contract/pv.ts';
import { usePvConfig } from '../../live/index.ts';
import { EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { QrLabelButton } from './QrLabel.tsx';
import './maintenance.css';

export type MachineView = 'datasheet' | 'lifecycle' | 'runtime';

export interface MachineFrameProps {
  view: MachineView;
  children: (machine: { ref: PvRef; config: PvConfig }) => ReactNode;
}

export function MachineFrame({ view, children }: MachineFrameProps) {
  const { t } = useTranslation();
  const { pv = '' } = useParams();
  const ref = parsePvUrlId(pv);
  if (!ref)
    return (
      <section className="page maintenance-page">
        <PageHeader title={t('maintenance.machine.title')} />
        <EmptyState
          icon="warning"
          title={t('maintenance.machine.badIdTitle')}
          reason={t('maintenance.machine.badId', { id: pv })}
        />
      </section>
    );
  return (
    <KnownMachine ref_={ref} view={view}>
      {children}
    </KnownMachine>
  );
}

function KnownMachine({
  ref_: ref,
  view,
  children,
}: {
  ref_: PvRef;
  view: MachineView;
  children: MachineFrameProps['children'];
}) {
  const { t } = useTranslation();
  const config = usePvConfig(ref);
  const id = pvUrlId(ref);
  const title = config.config ? machineName(config.config.name) : `${ref.type} ${ref.nr}`;
  const views: [MachineView, string][] = [
    ['datasheet', t('maintenance.machine.datasheet')],
    ['lifecycle', t('maintenance.machine.lifecycle')],
    ['runtime', t('maintenance.machine.runtime')],
  ];
  return (
    <section className="page maintenance-page">
      <PageHeader
        title={title}
        subject={config.config?.name}
        documentTitle={`${views.find(([v]) => v === view)![1]}: ${title}`}
        description={
          config.config
            ? t('maintenance.machine.where', {
                station: `${config.config.stationNumber} ${config.config.stationName}`,
                id,
              })
            : id
        }
        actions={
          <QrLabelButton pvId={id} name={title} station={config.config?.stationName ?? ''} />
        }
      />
      <nav className="machine-tabs" aria-label={t('maintenance.machine.views')}>
        {views.map(([v, label]) => (
          <NavLink key={v} to={`/machines/${id}/${v}`} className="machine-tab" end>
            {label}
          </NavLink>
        ))}
      </nav>
      <LoadingState
        status={config.state}
        errorMessage={t('maintenance.machine.loadFailed', { type: ref.type, nr: ref.nr })}
      >
        {config.config && children({ ref, config: config.config })}
      </LoadingState>
    </section>
  );
}
