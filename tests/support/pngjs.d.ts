/** The part of pngjs (a dependency of qrcode) the browser tests use to read screenshots. */
declare module 'pngjs' {
  export const PNG: {
    sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } };
  };
}
