/**
 * A short confirmation after an action succeeded, announced politely and gone after a while.
 * After a new value of an output it follows the plant's report (commandFeedback.ts): it waits
 * for it, says when the plant reports the commanded value, and stays as a warning, announced
 * at once, when the plant did not within the time.
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFormat } from '../../../app/useFormat.ts';
import { useTranslation } from '../../../app/useTranslation.ts';
import { formatPvValue, withUnit } from '../../../domain/pvFormat.ts';
import { removeNotice, useNotices, type KeptNotice } from '../../../app/noticeStack.ts';
import { usePvValue } from '../../../live/index.ts';
import { Button, Icon } from '../../../ui/index.ts';
import {
  distrustKey,
  FEEDBACK_TIMEOUT_MS,
  feedbackState,
  reportsCommanded,
  type CommandWatch,
  type FeedbackState,
} from './commandFeedback.ts';
import './actions.css';

export const NOTICE_VISIBLE_MS = 5000;

/** The tab's notices at the foot of the screen (the shell renders it once there are any). */
export function NoticeStack() {
  const notices = useNotices();
  return createPortal(
    <div className="action-notices">
      {notices.map((n) => (
        <StackedNotice key={n.id} notice={n} />
      ))}
    </div>,
    document.body,
  );
}

function StackedNotice({ notice }: { notice: KeptNotice }) {
  const gone = useCallback(() => removeNotice(notice.id), [notice.id]);
  return <ActionNotice message={notice.message} watches={notice.watches} onGone={gone} />;
}

/** One notice: a plain confirmation, or one that follows the plant's report. */
export function ActionNotice({
  message,
  watches,
  onGone,
}: {
  message: string;
  /** The outputs whose reports must follow the values just sent. */
  watches?: readonly CommandWatch[] | undefined;
  onGone: () => void;
}) {
  return watches?.length ? (
    <CommandFeedbackNotice key={watches[0]!.sentAt} watches={watches} onGone={onGone} />
  ) : (
    <SuccessNotice message={message} onGone={onGone} />
  );
}

/** Calls `onGone` NOTICE_VISIBLE_MS after `shown` became true (a notice that said its piece). */
function useGoneAfter(shown: boolean, onGone: () => void): void {
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(onGone, NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [shown, onGone]);
}

function SuccessNotice({ message, onGone }: { message: string; onGone: () => void }) {
  useGoneAfter(true, onGone);
  return (
    <div className="action-notice" role="status">
      <Icon name="check" /> {message}
    </div>
  );
}

/** Where one output's report stands, and what it reports (for the warning). */
interface Report {
  state: FeedbackState;
  actual: string;
}

function CommandFeedbackNotice({
  watches,
  onGone,
}: {
  watches: readonly CommandWatch[];
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const [reports, setReports] = useState<readonly (Report | undefined)[]>([]);
  const report = useCallback((index: number, next: Report) => {
    setReports((all) => {
      const now = all[index];
      if (now && now.state === next.state && now.actual === next.actual) return all;
      const copy = all.slice();
      copy[index] = next;
      return copy;
    });
  }, []);
  const states = watches.map((_, i) => reports[i]?.state ?? 'pending');
  const missing = watches.flatMap((w, i) =>
    states[i] === 'missing' ? [{ watch: w, actual: reports[i]!.actual }] : [],
  );
  const state: FeedbackState =
    missing.length > 0
      ? 'missing'
      : states.every((s) => s === 'confirmed')
        ? 'confirmed'
        : 'pending';
  useGoneAfter(state === 'confirmed', onGone);

  const probes = watches.map((w, i) => (
    <FeedbackProbe key={i} index={i} watch={w} onReport={report} />
  ));
  const seconds = Math.round(FEEDBACK_TIMEOUT_MS / 1000);
  const one = watches.length === 1 ? watches[0] : undefined;
  if (state === 'missing') {
    const line = (m: (typeof missing)[number]) =>
      t('actions.feedback.missing', {
        name: m.watch.config.name,
        value: m.watch.text,
        seconds,
        actual: m.actual,
      });
    return (
      <>
        {probes}
        <div
          key="missing"
          className="action-notice action-notice-missing"
          role="alert"
          data-feedback="missing"
        >
          <Icon name="warning" />
          <div>
            <strong>{t('actions.feedback.missingTitle')}</strong>{' '}
            {missing.length === 1 ? (
              line(missing[0]!)
            ) : (
              <ul className="action-notice-list">
                {missing.map((m) => (
                  <li key={m.watch.config.name}>{line(m)}</li>
                ))}
              </ul>
            )}
          </div>
          <Button variant="quiet" size="small" icon="close" iconOnly onClick={onGone}>
            {t('ui.dialog.close')}
          </Button>
        </div>
      </>
    );
  }
  const text =
    state === 'confirmed'
      ? one
        ? t('actions.feedback.confirmed', { name: one.config.name, value: one.text })
        : t('actions.feedback.confirmedMany', { count: watches.length })
      : one
        ? t('actions.feedback.pending', { name: one.config.name, value: one.text })
        : t('actions.feedback.pendingMany', { count: watches.length });
  // The probes stay where they are whatever the notice turns into (they keep their state).
  return (
    <>
      {probes}
      <div key="status" className="action-notice" role="status" data-feedback={state}>
        <Icon name={state === 'confirmed' ? 'check' : 'connecting'} /> {text}
      </div>
    </>
  );
}

/** Follows one output's reported value and says where its command stands; draws nothing. */
function FeedbackProbe({
  index,
  watch,
  onReport,
}: {
  index: number;
  watch: CommandWatch;
  onReport: (index: number, report: Report) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const value = usePvValue(watch.config.pvRef);
  const [now, setNow] = useState(Date.now);
  const [confirmed, setConfirmed] = useState(false);
  const state = feedbackState(watch, value, now, confirmed);
  const reported = reportsCommanded(watch.expected, value);
  let actual = t('actions.feedback.noValue');
  if (value) {
    const shown = formatPvValue(value, watch.config, locale);
    actual = withUnit(shown.text, shown.unit);
    const distrust = distrustKey(value);
    if (distrust) actual += ` (${t(distrust)})`;
  }

  useEffect(() => {
    if (reported) setConfirmed(true);
  }, [reported]);
  useEffect(() => {
    if (state !== 'pending') return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.max(0, watch.sentAt + FEEDBACK_TIMEOUT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [state, watch.sentAt]);
  useEffect(() => onReport(index, { state, actual }), [onReport, index, state, actual]);
  return null;
}
