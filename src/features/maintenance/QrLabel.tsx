/**
 * The QR label of a machine (issue 15): printable at 50 × 30 mm, it opens the machine's data
 * sheet. The code is drawn by `qrcode` into an image; printing shows only the label.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button, Dialog } from '../../ui/index.ts';

export function QrLabelButton({
  pvId,
  name,
  station,
}: {
  pvId: string;
  name: string;
  station: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="overview" onClick={() => setOpen(true)}>
        {t('maintenance.qr.open')}
      </Button>
      {open && (
        <QrLabelDialog pvId={pvId} name={name} station={station} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function QrLabelDialog({
  pvId,
  name,
  station,
  onClose,
}: {
  pvId: string;
  name: string;
  station: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const url = `${window.location.origin}/machines/${pvId}/datasheet`;
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(url, { margin: 0, errorCorrectionLevel: 'M', width: 240 }).then((data) => {
        if (live) setImage(data);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Dialog
      open
      title={t('maintenance.qr.title')}
      onClose={onClose}
      size="small"
      className="qr-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('maintenance.common.close')}</Button>
          <Button variant="primary" icon="check" onClick={() => window.print()} disabled={!image}>
            {t('maintenance.qr.print')}
          </Button>
        </>
      }
    >
      <p className="qr-help">{t('maintenance.qr.help')}</p>
      <div className="qr-label" data-print-label>
        {image && <img src={image} alt={t('maintenance.qr.alt', { name })} />}
        <div className="qr-label-text">
          <strong>{name}</strong>
          <span>{station}</span>
          <span className="qr-label-id">{pvId}</span>
        </div>
      </div>
    </Dialog>
  );
}
