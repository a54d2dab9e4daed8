/**
 * Reading a QR code from a camera frame or a picture: the browser's BarcodeDetector where it
 * has one that reads QR codes (Android, macOS, ChromeOS); elsewhere `jsqr`, loaded only when
 * a scan starts.
 */

type Frame = HTMLVideoElement | HTMLCanvasElement | ImageBitmap;

export interface QrDecoder {
  /** Which reader is in use (shown nowhere; for tests and diagnosis). */
  readonly kind: 'BarcodeDetector' | 'jsqr';
  /** The text of a QR code in the frame, or null when there is none (yet). */
  decode(frame: Frame): Promise<string | null>;
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: Frame): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are scaled down to this width: enough for a code that fills a fifth of the view. */
const MAX_FRAME_WIDTH_PX = 800;

function frameSize(frame: Frame): { width: number; height: number } {
  if (frame instanceof HTMLVideoElement)
    return { width: frame.videoWidth, height: frame.videoHeight };
  return { width: frame.width, height: frame.height };
}

async function barcodeDetector(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    kind: 'BarcodeDetector',
    decode: async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null,
  };
}

async function jsqrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  return {
    kind: 'jsqr',
    decode: (frame) => {
      const { width, height } = frameSize(frame);
      if (width === 0 || height === 0) return Promise.resolve(null);
      const scale = Math.min(1, MAX_FRAME_WIDTH_PX / width);
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(frame, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(pixels.data, pixels.width, pixels.height, {
        inversionAttempts: 'attemptBoth',
      });
      return Promise.resolve(code?.data ?? null);
    },
  };
}

export async function createQrDecoder(): Promise<QrDecoder> {
  return (await barcodeDetector()) ?? (await jsqrDecoder());
}
