/**
 * The action button of a PV row (station page): opens the PV's actions. The dialogs load
 * with the first click, with their texts, not with the page; a dialog says so meanwhile.
 */
import { useState } from 'react';
import type { useTranslation } from '../../../app/useTranslation.ts';
import type { PvRef } from '../../../contract/pv.ts';
import { Button, Tooltip } from '../../../ui/index.ts';
import { noticeAfter } from '../../../app/noticeStack.ts';
import { PvActionsLoader } from './PvActionsLoader.tsx';
import './actions.css';

/**
 * `t` is the list's (the station page asks once for all its rows, not once a button); a new
 * `t` with the language renders the button again. Its words are the station page's
 * (`stations.pvActions`): the page need not load all of Bedienen's texts for them.
 */
export function PvActionButton({
  pvRef,
  name,
  t,
}: {
  pvRef: PvRef;
  name: string;
  t: ReturnType<typeof useTranslation>['t'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content={t('stations.pvActions.tooltip')}>
        <Button
          variant="quiet"
          size="small"
          icon="menu"
          iconOnly
          aria-haspopup="dialog"
          className="pv-action-button"
          onClick={() => setOpen(true)}
        >
          {t('stations.pvActions.button', { name })}
        </Button>
      </Tooltip>
      {open && (
        <PvActionsLoader
          pvRef={pvRef}
          onClose={() => setOpen(false)}
          onDone={(message, watch) => {
            setOpen(false);
            noticeAfter(message, watch);
          }}
        />
      )}
    </>
  );
}
