/**
 * Maintenance messages (SPEC §2 "maintenance messages"): the open maintenance notifications of
 * every machine, live (a runtime crossing its interval appears without a reload), filterable
 * by text, station and service type, each linking to its machine.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { SERVICE_MESSAGE_TYPES, type ServiceMessageType } from '../../contract/enums.ts';
import { Field, LoadingState, PageHeader } from '../../ui/index.ts';
import { loadDescriptions, loadNotifications } from './maintenanceApi.ts';
import { NotificationList } from './NotificationList.tsx';
import { useDueVersion } from './useDueVersion.tsx';
import { loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import './maintenance.css';

const normal = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** A filter by one of a few values: every value as a choice, first the one for all. */
function FilterSelect({
  label,
  all,
  value,
  onChange,
  options,
}: {
  label: string;
  /** The choice that filters nothing (value ''). */
  all: string;
  value: string;
  onChange: (value: string) => void;
  /** Each choice's value and text. */
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Field label={label}>
      {(p) => (
        <select {...p} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{all}</option>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const [machines] = usePageQuery(pageKeys.maintenance.descriptions, (s) => loadDescriptions(s), {
    keepPrevious: true,
  });
  const refs = useMemo(() => (machines.data ?? []).map((m) => m.pvRef), [machines.data]);
  const { version, watchers } = useDueVersion(refs);
  const [notes, reloadNotes] = usePageQuery(
    [...pageKeys.maintenance.notifications(null), version],
    (s) => loadNotifications(null, s),
    { keepPrevious: true },
  );
  const [text, setText] = useState('');
  const [station, setStation] = useState('');
  const [service, setService] = useState<ServiceMessageType | ''>('');
  const stations = useMemo(() => {
    const seen = new Map<number, string>();
    for (const m of machines.data ?? []) seen.set(m.stationNumber, m.stationName);
    return [...seen.entries()].sort((a, b) => a[0] - b[0]);
  }, [machines.data]);
  const all = notes.data?.notifications ?? [];
  const shown = all.filter(
    (n) =>
      (!text.trim() ||
        normal(`${n.messageText} ${n.pvName} ${n.stationName}`).includes(normal(text))) &&
      (!station || n.stationNumber === Number(station)) &&
      (!service || n.serviceMessageType === service),
  );
  const filtered = Boolean(text.trim() || station || service);
  return (
    <section className="page maintenance-page">
      <PageHeader
        title={t('maintenance.notifications.pageTitle')}
        description={t('maintenance.notifications.description')}
      />
      {watchers}
      <div className="maintenance-filters" role="search">
        <Field label={t('maintenance.filter.text')}>
          {(p) => (
            <input
              {...p}
              type="search"
              className="input"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        <FilterSelect
          label={t('maintenance.filter.station')}
          all={t('maintenance.filter.allStations')}
          value={station}
          onChange={setStation}
          options={stations.map(([nr, name]) => [String(nr), `${nr} ${name}`] as const)}
        />
        <FilterSelect
          label={t('maintenance.filter.service')}
          all={t('maintenance.filter.allServices')}
          value={service}
          onChange={(next) => setService(next as ServiceMessageType | '')}
          options={SERVICE_MESSAGE_TYPES.map((s) => [s, t(`maintenance.service.${s}`)] as const)}
        />
      </div>
      <p className="muted" aria-live="polite">
        {t('maintenance.notifications.count', {
          count: all.length,
          shown: shown.length,
          total: all.length,
        })}
      </p>
      <LoadingState
        status={loadStatus(notes)}
        onRetry={reloadNotes}
        errorMessage={t('maintenance.notifications.loadFailed')}
      >
        <NotificationList
          notifications={shown}
          showMachine
          emptyReason={
            filtered && all.length > 0 ? t('maintenance.notifications.noneFiltered') : undefined
          }
        />
      </LoadingState>
    </section>
  );
}
