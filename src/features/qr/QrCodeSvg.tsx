/**
 * A QR code drawn as one SVG path (crisp at any print size, no HTML injected): `qrcode`
 * computes the modules, loaded only when a code is first shown. Always dark on white with
 * a four-module quiet zone, whatever the theme, so every scanner reads it.
 */
import { useEffect, useState } from 'react';

const QUIET_ZONE = 4;

/** The modules as a path of unit squares, offset by the quiet zone. */
export function modulesPath(size: number, dark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (dark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
  return parts.join('');
}

type Drawn = { size: number; path: string } | { error: string };

export function QrCodeSvg({
  text,
  label,
  className,
  onError,
}: {
  text: string;
  label: string;
  className?: string;
  onError?: (message: string) => void;
}) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode').then(
      (qr) => {
        if (!live) return;
        try {
          const { modules } = qr.create(text, { errorCorrectionLevel: 'M' });
          setDrawn({
            size: modules.size,
            path: modulesPath(modules.size, (r, c) => modules.get(r, c) === 1),
          });
        } catch (e) {
          setDrawn({ error: e instanceof Error ? e.message : String(e) });
        }
      },
      (e: unknown) => {
        if (live) setDrawn({ error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  useEffect(() => {
    if (drawn && 'error' in drawn) onError?.(drawn.error);
  }, [drawn, onError]);
  if (!drawn || 'error' in drawn) return <div className={className} aria-busy={!drawn} />;
  const edge = drawn.size + 2 * QUIET_ZONE;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${edge} ${edge}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={edge} height={edge} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
