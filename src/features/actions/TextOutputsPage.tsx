/**
 * Text outputs (SPEC §2 "Set text messages", §4 "Set-text modes"): DirectWithAcknowledge
 * asks, then sends its text; DirectWithoutAcknowledge sends at once; any other mode opens an
 * editor. The current texts follow /hubs/visu-text-message only after a save here; a failed
 * save shows the generic status dialog and keeps what was typed.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { TextMessage, TextOutput } from '../../contract/actions.ts';
import { requireText } from '../../domain/validation/forms.ts';
import {
  shouldUpdateLocally,
  textMessageSaveDialog,
  type ResultDialog,
} from '../../domain/validation/resultDialogs.ts';
import { setTextFlow } from '../../domain/validation/setTextMode.ts';
import {
  Button,
  Dialog,
  EmptyState,
  Field,
  LoadingState,
  PageHeader,
  Panel,
} from '../../ui/index.ts';
import { useLiveClient } from '../../live/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { addNotice } from '../../app/noticeStack.ts';
import { ActionResultDialog } from '../shared/actions/ActionResultDialog.tsx';
import {
  loadTextMessages,
  loadTextOutputs,
  saveTextMessages,
} from '../shared/actions/actionsApi.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';
import { useCommandConfirm } from '../shared/actions/CommandConfirm.tsx';
import { accessOf, ReadOnlyNote } from '../shared/ReadOnlyNote.tsx';
import { useSession } from '../shared/sessionStore.ts';
import '../shared/actions/actions.css';

export function TextOutputsPage() {
  const { t } = useTranslation();
  const [data, retry] = usePageQuery(pageKeys.textOutputs, async (signal) => {
    const outputs = await loadTextOutputs(signal);
    const messages = await loadTextMessages(
      outputs.map((o) => o.id),
      signal,
    );
    return { outputs, messages };
  });
  /** Texts newer than the load: sent from here, or pushed by the hub (another tab, user). */
  const [sent, setSent] = useState<Map<number, string>>(new Map());
  const live = useLiveClient();
  const ids = useMemo(
    () => (data.state === 'ready' ? data.data.outputs.map((o) => o.id) : []),
    [data],
  );
  useEffect(() => {
    // An editor open on a text keeps what the user types; only the shown text follows.
    const releases = ids.map((id) =>
      live.watchTextMessage(id, (m) => setSent((prev) => new Map(prev).set(m.id, m.message))),
    );
    return () => releases.forEach((release) => release());
  }, [live, ids]);
  const confirm = useCommandConfirm();
  const session = useSession();
  const [editing, setEditing] = useState<TextOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);

  const current = useMemo(() => {
    const map = new Map<number, string>();
    if (data.state === 'ready') for (const m of data.data.messages) map.set(m.id, m.message);
    for (const [id, message] of sent) map.set(id, message);
    return map;
  }, [data, sent]);

  const byStation = useMemo(() => {
    const groups = new Map<number, TextOutput[]>();
    if (data.state === 'ready')
      for (const o of data.data.outputs)
        groups.set(o.stationNumber, [...(groups.get(o.stationNumber) ?? []), o]);
    return [...groups.values()];
  }, [data]);

  /**
   * Sends one text after the confirm step (old → new text); true when the plant took it (the
   * text shown changes only then). DirectWithoutAcknowledge sends at once (SPEC §4).
   */
  const send = async (output: TextOutput, message: string, ask = true): Promise<boolean> => {
    const ok =
      !ask ||
      (await confirm.ask({
        title: t('actions.text.confirmTitle'),
        confirmLabel: t('actions.common.send'),
        changes: [
          {
            pv: output.name,
            station: `${output.stationNumber} ${output.stationName}`,
            from: current.get(output.id) ? `„${current.get(output.id)}“` : t('actions.text.empty'),
            to: `„${message}“`,
          },
        ],
      }));
    if (!ok) return false;
    setBusy(true);
    const answer = await saveTextMessages([{ id: output.id, message } satisfies TextMessage]);
    setBusy(false);
    if (!shouldUpdateLocally(answer.status)) {
      setResult(textMessageSaveDialog(answer));
      return false;
    }
    setSent((m) => new Map(m).set(output.id, message));
    addNotice({ message: t('actions.text.sent', { name: output.name }) });
    return true;
  };

  const press = (output: TextOutput) => {
    const flow = setTextFlow(output.mode);
    // DirectWithAcknowledge: the confirm step of every command is its acknowledge.
    if (flow === 'confirmThenSend') void send(output, output.presetText);
    else if (flow === 'sendNow') void send(output, output.presetText, false);
    else setEditing(output);
  };

  return (
    <section className="page actions-page">
      <PageHeader title={t('actions.text.title')} description={t('actions.text.description')} />
      <LoadingState status={data.state} onRetry={retry} label={t('actions.text.loading')}>
        {byStation.length === 0 ? (
          <EmptyState title={t('actions.text.noneTitle')} reason={t('actions.text.none')} />
        ) : (
          <div className="text-output-grid">
            {byStation.map((outputs) => (
              <Panel
                key={outputs[0]!.stationNumber}
                title={`${outputs[0]!.stationNumber} ${outputs[0]!.stationName}`}
                level={2}
                dense
              >
                <ReadOnlyNote
                  access={accessOf(session, t, 'writePvs', outputs[0]!.stationNumber)}
                />
                <ul className="text-output-list">
                  {outputs.map((o) => (
                    <li key={o.id} data-text-output={o.id}>
                      <div className="text-output-name">
                        <strong>{o.name}</strong>
                        <span className="text-output-current">
                          {current.get(o.id) ? `„${current.get(o.id)}“` : t('actions.text.empty')}
                        </span>
                      </div>
                      <Button
                        size="small"
                        icon={setTextFlow(o.mode) === 'editDialog' ? 'keyboard' : 'check'}
                        disabled={busy || !accessOf(session, t, 'writePvs', o.stationNumber).may}
                        onClick={() => press(o)}
                        aria-label={`${t(`actions.text.mode.${setTextFlow(o.mode)}`)}: ${o.name}`}
                      >
                        {t(`actions.text.mode.${setTextFlow(o.mode)}`)}
                      </Button>
                    </li>
                  ))}
                </ul>
              </Panel>
            ))}
          </div>
        )}
      </LoadingState>
      {editing && (
        <TextEditor
          output={editing}
          initial={current.get(editing.id) ?? ''}
          busy={busy}
          onCancel={() => setEditing(null)}
          onSend={async (message) => {
            if (await send(editing, message)) setEditing(null);
          }}
        />
      )}
      <ActionResultDialog dialog={result} onClose={() => setResult(null)} />
      {confirm.element}
    </section>
  );
}

function TextEditor({
  output,
  initial,
  busy,
  onCancel,
  onSend,
}: {
  output: TextOutput;
  initial: string;
  busy: boolean;
  onCancel: () => void;
  onSend: (message: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const text = useRuleText();
  const [message, setMessage] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = requireText(message);
    if (problem) return setError(text(problem));
    setError(undefined);
    void onSend(message);
  };
  const formId = `text-${output.id}`;
  return (
    <Dialog
      open
      onClose={onCancel}
      size="small"
      title={t('actions.text.editTitle', { name: output.name })}
      actions={
        <>
          <Button onClick={onCancel}>{t('actions.common.cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {busy ? t('actions.common.sending') : t('actions.common.send')}
          </Button>
        </>
      }
    >
      <form id={formId} className="action-form" onSubmit={submit} noValidate>
        <Field label={t('actions.text.textLabel')} error={error} help={output.stationName}>
          {(p) => (
            <textarea
              {...p}
              name="message"
              rows={3}
              maxLength={500}
              value={message}
              data-autofocus
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
