/**
 * The machine data sheet (SPEC §2 "machine data sheet", §7 datasheets/data, /parts, /docs):
 * machine data, spare parts and the machine's documents. Field names the client knows are shown
 * in the user's language; values, part names and unknown field names are the plant's own data
 * and the page says so.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import { datasheetField } from '../../domain/datasheetFields.ts';
import { LoadingState, Panel, TableHead } from '../../ui/index.ts';
import { DocumentsPanel } from './DocumentsPanel.tsx';
import { MachineFrame } from './MachineFrame.tsx';
import { loadDatasheetData, loadDatasheetParts } from './maintenanceApi.ts';
import { TableScroll } from './TableScroll.tsx';
import { loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import type { PvRef } from '../../contract/pv.ts';

export function DatasheetPage() {
  return <MachineFrame view="datasheet">{({ ref }) => <Datasheet pvRef={ref} />}</MachineFrame>;
}

function Datasheet({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const [data, reloadData] = usePageQuery(
    pageKeys.maintenance.datasheet(pvRef),
    (s) => loadDatasheetData(pvRef, s),
    { keepPrevious: true },
  );
  const [parts, reloadParts] = usePageQuery(
    pageKeys.maintenance.datasheetParts(pvRef),
    (s) => loadDatasheetParts(pvRef, s),
    { keepPrevious: true },
  );
  return (
    <div className="maintenance-grid">
      <Panel title={t('maintenance.datasheet.data')}>
        <LoadingState
          status={loadStatus(data)}
          onRetry={reloadData}
          errorMessage={t('maintenance.datasheet.loadFailed')}
        >
          <dl className="machine-data">
            {data.data?.entries.map((e) => {
              const field = datasheetField(e);
              return (
                <div key={e.key ?? e.label} className="machine-data-row">
                  <dt>
                    {field ? (
                      t(`maintenance.datasheet.field.${field}`)
                    ) : (
                      <>
                        {e.label}{' '}
                        <span
                          className="plant-text-mark"
                          title={t('maintenance.datasheet.plantLabelHelp')}
                        >
                          {t('maintenance.datasheet.plantLabel')}
                        </span>
                      </>
                    )}
                  </dt>
                  <dd>
                    {e.value}
                    {e.unit && <span className="unit"> {e.unit}</span>}
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className="muted plant-data-note">{t('maintenance.datasheet.dataNote')}</p>
        </LoadingState>
      </Panel>
      <DocumentsPanel pvRef={pvRef} />
      <Panel title={t('maintenance.datasheet.parts')}>
        <LoadingState
          status={loadStatus(parts)}
          onRetry={reloadParts}
          errorMessage={t('maintenance.datasheet.loadFailed')}
        >
          {parts.data?.entries.length === 0 ? (
            <p className="muted">{t('maintenance.datasheet.noParts')}</p>
          ) : (
            <TableScroll label={t('maintenance.datasheet.parts')}>
              <table className="table">
                <TableHead
                  columns={[
                    t('maintenance.datasheet.partName'),
                    t('maintenance.datasheet.partNumber'),
                    { label: t('maintenance.datasheet.quantity'), num: true },
                    t('maintenance.datasheet.supplier'),
                  ]}
                />
                <tbody>
                  {parts.data?.entries.map((p) => (
                    <tr key={p.partNumber}>
                      <td>{p.name}</td>
                      <td className="mono">{p.partNumber}</td>
                      <td className="num">{p.quantity}</td>
                      <td>{p.supplier}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {(parts.data?.entries.length ?? 0) > 0 && (
            <p className="muted plant-data-note">{t('maintenance.datasheet.partsNote')}</p>
          )}
        </LoadingState>
      </Panel>
    </div>
  );
}
