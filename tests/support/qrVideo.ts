/**
 * A camera picture for Chromium's fake capture device
 * (`--use-file-for-fake-video-capture=<file>.y4m`): a QR code of `text`, black on white,
 * written as raw YUV 4:2:0 frames, the format Chromium reads without any codec.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 8;
const QUIET_MODULES = 4;
const FRAMES = 3;

export function writeQrY4m(path: string, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const edge = (modules.size + 2 * QUIET_MODULES) * MODULE_PX;
  if (edge > HEIGHT) throw new Error(`QR code of ${edge}px does not fit ${HEIGHT}px`);
  const left = Math.floor((WIDTH - edge) / 2) + QUIET_MODULES * MODULE_PX;
  const top = Math.floor((HEIGHT - edge) / 2) + QUIET_MODULES * MODULE_PX;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < MODULE_PX; y++)
        luma.fill(
          16,
          (top + row * MODULE_PX + y) * WIDTH + left + col * MODULE_PX,
          (top + row * MODULE_PX + y) * WIDTH + left + (col + 1) * MODULE_PX,
        );
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
