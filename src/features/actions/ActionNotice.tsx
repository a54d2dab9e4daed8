/**
 * A short confirmation after an action succeeded, announced politely and gone after a while.
 * After a new value of an output it follows the plant's report (commandFeedback.ts): it waits
 * for it, says when the plant reports the commanded value, and stays as a warning, announced
 * at once, when the plant did not within the time.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFormat } from '../../app/useFormat.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import { formatPvValue } from '../../domain/pvFormat.ts';
import { usePvValue } from '../../live/index.ts';
import { Button, Icon } from '../../ui/index.ts';
import {
  FEEDBACK_TIMEOUT_MS,
  feedbackState,
  reportsCommanded,
  type CommandWatch,
} from './commandFeedback.ts';
import { withUnit } from './CommandConfirm.tsx';

export const NOTICE_VISIBLE_MS = 5000;

/** What a page keeps to show after an action: its text and the report to follow, if any. */
export interface Notice {
  message: string;
  watch?: CommandWatch | null;
}

export function ActionNotice({
  message,
  watch,
  onGone,
}: {
  message: string | null;
  /** The output whose report must follow the value just sent. */
  watch?: CommandWatch | null;
  onGone: () => void;
}) {
  return watch && message ? (
    <CommandFeedbackNotice key={watch.sentAt} watch={watch} onGone={onGone} />
  ) : (
    <SuccessNotice message={message} onGone={onGone} />
  );
}

function SuccessNotice({ message, onGone }: { message: string | null; onGone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onGone, NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message, onGone]);
  return createPortal(
    <div className="action-notice" role="status" hidden={!message}>
      {message && (
        <>
          <Icon name="check" /> {message}
        </>
      )}
    </div>,
    document.body,
  );
}

function CommandFeedbackNotice({ watch, onGone }: { watch: CommandWatch; onGone: () => void }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const value = usePvValue(watch.config.pvRef);
  const [now, setNow] = useState(Date.now);
  const [confirmed, setConfirmed] = useState(false);
  const state = feedbackState(watch, value, now, confirmed);
  const reported = reportsCommanded(watch.expected, value);

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
  useEffect(() => {
    if (state !== 'confirmed') return;
    const timer = setTimeout(onGone, NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state, onGone]);

  const name = watch.config.name;
  if (state === 'missing') {
    let actual = t('actions.feedback.noValue');
    if (value) {
      const shown = formatPvValue(value, watch.config, locale);
      actual = withUnit(shown.text, shown.unit);
      if (value.quality === 'Bad') actual += ` (${t('ui.quality.bad')})`;
      else if (value.quality === 'Uncertain') actual += ` (${t('ui.quality.uncertain')})`;
    }
    return createPortal(
      <div className="action-notice action-notice-missing" role="alert" data-feedback="missing">
        <Icon name="warning" />
        <span>
          <strong>{t('actions.feedback.missingTitle')}</strong>{' '}
          {t('actions.feedback.missing', {
            name,
            value: watch.text,
            seconds: Math.round(FEEDBACK_TIMEOUT_MS / 1000),
            actual,
          })}
        </span>
        <Button variant="quiet" size="small" icon="close" iconOnly onClick={onGone}>
          {t('ui.dialog.close')}
        </Button>
      </div>,
      document.body,
    );
  }
  return createPortal(
    <div className="action-notice" role="status" data-feedback={state}>
      <Icon name={state === 'confirmed' ? 'check' : 'connecting'} />{' '}
      {state === 'confirmed'
        ? t('actions.feedback.confirmed', { name, value: watch.text })
        : t('actions.feedback.pending', { name, value: watch.text })}
    </div>,
    document.body,
  );
}
