/**
 * The two QR actions of the user menu (SPEC §2 "QR code scan or create for the current page"):
 * the code of this page, and scanning one. Inside the app a scan goes through the app's own
 * scanner when it has one (Android: the feature scanQrCode), otherwise through the camera in
 * the page. A scanned address of this application opens in-app; any other is refused.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useActionDispatcher } from '../../app/actions/ActionDispatcher.tsx';
import { ruleMessage } from '../../domain/validation/ruleMessage.ts';
import { nativeBridge } from '../../platform/index.ts';

const PageQrDialog = lazy(() =>
  import('./PageQrDialog.tsx').then((m) => ({ default: m.PageQrDialog })),
);
const QrScanDialog = lazy(() =>
  import('./QrScanDialog.tsx').then((m) => ({ default: m.QrScanDialog })),
);

export interface QrActions {
  openPageQr(): void;
  startScan(): Promise<void>;
  /** The open dialog, to be rendered by the caller. */
  element: ReactNode;
}

/** `onClosed` runs when a dialog closes, so the caller can put the focus back. */
export function useQrActions(onClosed: () => void): QrActions {
  const navigate = useNavigate();
  const { refuse } = useActionDispatcher();
  const [open, setOpen] = useState<'page' | 'scan' | null>(null);

  // NOTE: the focus can go back only once the modal dialog has left the top layer, i.e.
  // after the commit that unmounted it; not after a scan that moved to another page.
  const refocus = useRef(false);
  useEffect(() => {
    if (open !== null || !refocus.current) return;
    refocus.current = false;
    onClosed();
  }, [open, onClosed]);
  const close = useCallback(() => {
    refocus.current = true;
    setOpen(null);
  }, []);

  // The address rule loads with the first scan: the menu is in every tab, scans are rare.
  const openScanned = useCallback(
    (text: string) =>
      void import('../../domain/scannedAddress.ts').then(({ SCAN_KEYS, scannedAddress }) => {
        const address = scannedAddress(text, window.location.origin);
        if (address.ok) void navigate(address.path);
        else refuse({ title: ruleMessage(SCAN_KEYS.refusedTitle), message: address.message });
      }),
    [navigate, refuse],
  );

  const startScan = useCallback(async () => {
    const bridge = nativeBridge();
    if (bridge.embedded && (await bridge.canScanQrCode())) {
      try {
        const result = await bridge.scanQrCode();
        if ('text' in result) openScanned(result.text);
      } catch (e) {
        refuse({
          title: ruleMessage('platform.scan.title'),
          message: ruleMessage('platform.scan.appFailed', {
            error: e instanceof Error ? e.message : String(e),
          }),
        });
      }
      return;
    }
    setOpen('scan');
  }, [openScanned, refuse]);

  const element =
    open === null ? null : (
      <Suspense fallback={null}>
        {open === 'page' ? (
          <PageQrDialog onClose={close} />
        ) : (
          <QrScanDialog
            onClose={close}
            onScanned={(text) => {
              setOpen(null);
              openScanned(text);
            }}
          />
        )}
      </Suspense>
    );

  return { openPageQr: () => setOpen('page'), startScan, element };
}
