/**
 * Scanning a QR code with the camera in the browser (SPEC §2 "QR code scan"): the back camera
 * where there is one, a frame read every 150 ms; or a picture chosen from the device. Each
 * failure says what failed (no camera, access refused, no HTTPS, reader not loaded).
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button, Dialog, Spinner } from '../../ui/index.ts';
import { createQrDecoder, type QrDecoder } from './qrDecoder.ts';
import './qr.css';

const FRAME_INTERVAL_MS = 150;

type Phase = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

function cameraFailure(t: TFunction, error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return t('platform.scan.denied');
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return t('platform.scan.noCamera');
  return t('platform.scan.cameraFailed', {
    error: error instanceof Error ? error.message : String(error),
  });
}

export function QrScanDialog({
  onClose,
  onScanned,
}: {
  onClose: () => void;
  /** The text of the code found; the dialog is done. */
  onScanned: (text: string) => void;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const decoderRef = useRef<Promise<QrDecoder> | null>(null);
  const doneRef = useRef(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [imageNote, setImageNote] = useState<string | null>(null);

  const decoder = () => (decoderRef.current ??= createQrDecoder());
  const finish = (text: string) => {
    if (doneRef.current) return;
    doneRef.current = true;
    onScanned(text);
  };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const fail = (message: string) => live && setPhase({ kind: 'failed', message });

    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        fail(window.isSecureContext ? t('platform.scan.noCamera') : t('platform.scan.insecure'));
        return;
      }
      let reader: QrDecoder;
      try {
        reader = await decoder();
      } catch (e) {
        fail(
          t('platform.scan.decoderFailed', { error: e instanceof Error ? e.message : String(e) }),
        );
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (e) {
        fail(cameraFailure(t, e));
        return;
      }
      const video = videoRef.current;
      if (!live || !video) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.srcObject = stream;
      try {
        await video.play();
      } catch (e) {
        fail(cameraFailure(t, e));
        return;
      }
      setPhase({ kind: 'scanning' });
      const tick = async () => {
        if (!live) return;
        try {
          const text = await reader.decode(video);
          if (text && live) {
            finish(text);
            return;
          }
        } catch {
          // A frame that cannot be read (camera still warming up): try the next one.
        }
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    })();

    return () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // Started once per dialog; the language of the messages is the one it opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageNote(null);
    try {
      const bitmap = await createImageBitmap(file);
      const text = await (await decoder()).decode(bitmap);
      bitmap.close();
      if (text) finish(text);
      else setImageNote(t('platform.scan.noCodeInImage'));
    } catch (e) {
      setImageNote(
        t('platform.scan.imageUnreadable', { error: e instanceof Error ? e.message : String(e) }),
      );
    }
  };

  return (
    <Dialog
      open
      title={t('platform.scan.title')}
      onClose={onClose}
      size="small"
      className="qr-scan-dialog"
      actions={<Button onClick={onClose}>{t('platform.scan.cancel')}</Button>}
    >
      <p className="qr-scan-help">{t('platform.scan.help')}</p>
      <div className="qr-scan-view" data-phase={phase.kind}>
        <video
          ref={videoRef}
          className="qr-scan-video"
          muted
          playsInline
          aria-label={t('platform.scan.video')}
          hidden={phase.kind !== 'scanning'}
        />
        {phase.kind === 'starting' && (
          <p className="qr-scan-status">
            <Spinner size="small" label={t('platform.scan.starting')} showLabel />
          </p>
        )}
        {phase.kind === 'scanning' && (
          <p className="qr-scan-status qr-scan-status-overlay" role="status">
            {t('platform.scan.scanning')}
          </p>
        )}
        {phase.kind === 'failed' && (
          <p className="qr-scan-failure" role="alert">
            {phase.message}
          </p>
        )}
      </div>
      <div className="qr-scan-image">
        <Button icon="qrCode" onClick={() => fileRef.current?.click()}>
          {t('platform.scan.fromImage')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-label={t('platform.scan.fromImage')}
          onChange={(e) => void onImage(e)}
        />
        {imageNote && (
          <p role="alert" className="qr-scan-image-note">
            {imageNote}
          </p>
        )}
      </div>
    </Dialog>
  );
}
