/**
 * Note tile (SPEC §3 "Dashboard note"): the note as plain text (never HTML), live for every
 * tab through the dashboard hub; users with the right edit it. A failed save says so and
 * keeps what was typed; a change by someone else while editing is announced, not applied.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import {
  MAX_NOTE_LENGTH,
  type DashboardNote,
  type DashboardTile,
} from '../../../contract/dashboard.ts';
import { useLiveClient } from '../../../live/index.ts';
import { Button } from '../../../ui/index.ts';
import { saveNote } from '../dashboardApi.ts';
import { useDashboardShared } from '../DashboardContext.ts';
import { TileError } from '../TileFrame.tsx';
import { failureText } from '../../../app/failureText.ts';

export function NoteTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const shared = useDashboardShared();
  const id = tile.noteId;
  if (id === undefined) return <TileError message={t('dashboard.note.missing')} />;
  const initial = shared.notes.find((n) => n.id === id)?.note ?? '';
  return <Note id={id} initial={initial} canEdit={shared.currentUserCanEdit} />;
}

function Note({ id, initial, canEdit }: { id: number; initial: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useLiveClient();
  const fieldId = useId();
  const [text, setText] = useState(initial);
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);

  const shown = useRef(text);
  shown.current = text;
  useEffect(
    () =>
      client.watchNote(id, (note: DashboardNote) => {
        // After a reconnect the engine may hand on a note unchanged: nothing to announce.
        if (note.note === shown.current) return;
        setText(note.note);
        setChangedMeanwhile(true);
      }),
    [client, id],
  );

  const startEdit = () => {
    setDraft(text);
    setError(null);
    setChangedMeanwhile(false);
  };
  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveNote({ id, note: draft });
      setText(saved.note);
      setDraft(null);
    } catch (err) {
      setError(failureText(err));
    } finally {
      setSaving(false);
    }
  };

  if (draft !== null)
    return (
      <form
        className="note-edit"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor={fieldId} className="visually-hidden">
          {t('dashboard.note.label')}
        </label>
        <textarea
          id={fieldId}
          value={draft}
          maxLength={MAX_NOTE_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          rows={4}
        />
        {changedMeanwhile && <p className="note-hint">{t('dashboard.note.changedMeanwhile')}</p>}
        {error && (
          <p className="note-error" role="alert">
            {t('dashboard.note.saveFailed', { error })}
          </p>
        )}
        <div className="note-actions">
          <Button onClick={() => setDraft(null)} disabled={saving}>
            {t('dashboard.note.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {t('dashboard.note.save')}
          </Button>
        </div>
      </form>
    );
  return (
    <div className="note">
      {text ? (
        <p className="note-text">{text}</p>
      ) : (
        <p className="note-empty">{t('dashboard.note.empty')}</p>
      )}
      {canEdit && (
        <Button size="small" variant="quiet" className="note-edit-button" onClick={startEdit}>
          {t('dashboard.note.edit')}
        </Button>
      )}
    </div>
  );
}
