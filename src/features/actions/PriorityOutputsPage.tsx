/**
 * Acknowledge priority outputs (SPEC §2, §5 "Acknowledge", §8): choose a station and one or
 * more PV groups; without PV groups the acknowledge is disabled with its reason. One call per
 * group; the answer is shown as SPEC §8 says.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { PriorityOutputAckResult } from '../../contract/actions.ts';
import {
  priorityOutputAckQueries,
  priorityOutputAckState,
} from '../../domain/validation/acknowledge.ts';
import {
  priorityOutputAckDialog,
  type ResultDialog,
} from '../../domain/validation/resultDialogs.ts';
import { Button, LoadingState, PageHeader, Panel } from '../../ui/index.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import { ackPriorityOutputs, loadPriorityOutputOptions } from '../shared/actions/actionsApi.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import { combinedAckResult } from '../shared/actions/actionRules.ts';
import { useCommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { ReadOnlyNote, useWriteAccess } from '../shared/ReadOnlyNote.tsx';
import { StationSelect } from './StationSelect.tsx';
import '../shared/actions/actions.css';

export function PriorityOutputsPage() {
  const { t } = useTranslation();
  const text = useRuleText();
  const [options, retry] = usePageQuery(pageKeys.priorityOutputs, (signal) =>
    loadPriorityOutputOptions(signal),
  );
  const [station, setStation] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);

  const state = useMemo(
    () =>
      options.state === 'ready' ? priorityOutputAckState(options.data, station, selected) : null,
    [options, station, selected],
  );

  const confirm = useCommandConfirm();
  const access = useWriteAccess('ackAlerts', station);

  const acknowledge = async () => {
    if (!state?.canAcknowledge || station === null || !access.may) return;
    const stationLabel = `${station} ${
      options.state === 'ready'
        ? (options.data.stationOptions.find((s) => s.stationNumber === station)?.name ?? '')
        : ''
    }`.trim();
    const ok = await confirm.ask({
      title: t('safeOps.confirm.title'),
      confirmLabel: t('safeOps.confirm.ack'),
      changes: state.pvGroups
        .filter((g) => selected.includes(g.id))
        .map((g) => ({
          pv: g.name,
          station: stationLabel,
          from: t('safeOps.confirm.pending'),
          to: t('safeOps.confirm.acked'),
        })),
    });
    if (!ok) return;
    setBusy(true);
    const results: PriorityOutputAckResult[] = [];
    for (const q of priorityOutputAckQueries(station, selected)) {
      results.push(await ackPriorityOutputs(q.station, q.pvGroup));
    }
    setBusy(false);
    setResult(priorityOutputAckDialog(combinedAckResult(results)));
  };

  return (
    <section className="page page-narrow actions-page">
      <PageHeader
        title={t('actions.priorityOutputs.title')}
        description={t('actions.priorityOutputs.description')}
      />
      <LoadingState
        status={options.state}
        onRetry={retry}
        label={t('actions.priorityOutputs.loading')}
      >
        {options.state === 'ready' && state && (
          <Panel>
            <form
              className="action-form"
              onSubmit={(e) => {
                e.preventDefault();
                void acknowledge();
              }}
            >
              <StationSelect
                stations={options.data.stationOptions.map((s) => ({
                  id: s.stationNumber,
                  name: s.name,
                }))}
                station={station}
                onChange={(next) => {
                  setStation(next);
                  setSelected([]);
                }}
              />
              {state.pvGroups.length > 0 && (
                <fieldset className="action-checks">
                  <legend className="field-label">{t('actions.priorityOutputs.groups')}</legend>
                  {state.pvGroups.map((g) => (
                    <label key={g.id}>
                      <input
                        type="checkbox"
                        name="pvGroup"
                        value={g.id}
                        checked={selected.includes(g.id)}
                        onChange={(e) =>
                          setSelected((list) =>
                            e.target.checked ? [...list, g.id] : list.filter((id) => id !== g.id),
                          )
                        }
                      />{' '}
                      {g.name}
                    </label>
                  ))}
                </fieldset>
              )}
              <ReadOnlyNote access={access} id="ack-read-only" />
              {state.disabledReason && (
                <p className="action-note" id="ack-disabled-reason">
                  {text(state.disabledReason)}
                </p>
              )}
              <div className="action-buttons">
                <Button
                  variant="primary"
                  type="submit"
                  icon="check"
                  disabled={!state.canAcknowledge || busy || !access.may}
                  aria-describedby={
                    !access.may
                      ? 'ack-read-only'
                      : state.disabledReason
                        ? 'ack-disabled-reason'
                        : undefined
                  }
                >
                  {busy ? t('actions.common.sending') : t('actions.priorityOutputs.submit')}
                </Button>
              </div>
            </form>
          </Panel>
        )}
      </LoadingState>
      <ActionResultDialog dialog={result} onClose={() => setResult(null)} />
      {confirm.element}
    </section>
  );
}
