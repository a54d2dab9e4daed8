/**
 * "QR code of this page" (SPEC §2): the address of the page the user is on as a QR code and
 * as text, printable on its own (A4, the code 80 mm wide, page title and address below), to
 * be put up at a machine or passed to a colleague's phone.
 */
import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../app/useTranslation.ts';
import { useLocation } from 'react-router';
import { Button, Dialog } from '../../ui/index.ts';
import { QrCodeSvg } from './QrCodeSvg.tsx';
import { useResource } from '../../app/resource.ts';
import { systemSettings } from '../../app/systemSettings.ts';
import './qr.css';

export function PageQrDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const address = `${window.location.origin}${pathname}${search}${hash}`;
  const [title] = useState(() => document.querySelector('main h1')?.textContent?.trim() ?? '');
  const [error, setError] = useState<string | null>(null);
  const settings = useResource(systemSettings);
  const plant = settings.status === 'ready' ? settings.data.plantName : '';
  const onError = useCallback((message: string) => setError(message), []);
  return (
    <Dialog
      open
      title={t('platform.pageQr.title')}
      onClose={onClose}
      size="small"
      className="page-qr-dialog"
      actions={
        <>
          <Button onClick={onClose}>{t('platform.pageQr.close')}</Button>
          <Button
            variant="primary"
            icon="print"
            onClick={() => window.print()}
            disabled={error !== null}
          >
            {t('platform.pageQr.print')}
          </Button>
        </>
      }
    >
      <p className="page-qr-help">{t('platform.pageQr.help')}</p>
      {error && (
        <p role="alert" className="page-qr-error">
          {t('platform.pageQr.failed', { error })}
        </p>
      )}
      <figure className="page-qr-sheet" data-print-sheet>
        <QrCodeSvg
          text={address}
          label={t('platform.pageQr.alt', { address })}
          className="page-qr-code"
          onError={onError}
        />
        <figcaption>
          {title && <strong className="page-qr-title">{title}</strong>}
          <span className="page-qr-address-label">{t('platform.pageQr.address')}</span>
          <code className="page-qr-address">{address}</code>
        </figcaption>
      </figure>
      {error === null &&
        createPortal(
          <div className="page-qr-print" aria-hidden="true">
            <QrCodeSvg text={address} label={address} />
            <div className="page-qr-print-caption">
              {title && <strong className="page-qr-title">{title}</strong>}
              <code className="page-qr-address">{address}</code>
              {plant && <span className="page-qr-print-plant">{plant}</span>}
            </div>
          </div>,
          document.body,
        )}
    </Dialog>
  );
}
