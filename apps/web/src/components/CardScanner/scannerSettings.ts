import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, stripCardNumber } from '@tessera/contracts';

/** The scanner constants of docs/product/common.md#scanner. */
export const SCANNER = {
  /** Frames decoded per second while scanning a card. */
  cardFps: 10,
  /** The general default (other uses than a card); kept for reference, the card scanner uses cardFps. */
  defaultFps: 2,
  /** The scan box, in CSS pixels of the camera view. */
  box: { width: 250, height: 250 },
  aspectRatio: 1,
  facingMode: 'environment',
  minBox: 50,
  /** Width of the camera view when nothing else decides it. */
  defaultWidth: 300,
  /** Minimum height of the photo preview. */
  fileScanMinHeight: 300,
  padding: 100,
  resumeDelayMs: 200,
  continuousScanDelayMs: 500,
  rememberLastCamera: true,
  matchBorderColor: 'green',
} as const;

/**
 * localStorage key of the last camera used (docs/product/common.md#scanner "remember last camera").
 */
export const LAST_CAMERA_KEY = 'tessera.scanner.lastCamera';

/**
 * The formats of docs/product/common.md#scanner, each with its name in the Shape Detection API
 * (BarcodeDetector; null where the API has none) and in ZXing (zxing-wasm).
 */
export const SCANNER_FORMATS = [
  { spec: 'QR code', native: 'qr_code', zxing: 'QRCode' },
  { spec: 'Aztec', native: 'aztec', zxing: 'Aztec' },
  { spec: 'Codabar', native: 'codabar', zxing: 'Codabar' },
  { spec: 'Code 39', native: 'code_39', zxing: 'Code39' },
  { spec: 'Code 93', native: 'code_93', zxing: 'Code93' },
  { spec: 'Code 128', native: 'code_128', zxing: 'Code128' },
  { spec: 'Data Matrix', native: 'data_matrix', zxing: 'DataMatrix' },
  { spec: 'MaxiCode', native: null, zxing: 'MaxiCode' },
  { spec: 'ITF', native: 'itf', zxing: 'ITF' },
  { spec: 'EAN-13', native: 'ean_13', zxing: 'EAN13' },
  { spec: 'EAN-8', native: 'ean_8', zxing: 'EAN8' },
  { spec: 'PDF 417', native: 'pdf417', zxing: 'PDF417' },
  { spec: 'RSS 14', native: null, zxing: 'DataBar' },
  { spec: 'RSS Expanded', native: null, zxing: 'DataBarExp' },
  { spec: 'UPC-A', native: 'upc_a', zxing: 'UPCA' },
  { spec: 'UPC-E', native: 'upc_e', zxing: 'UPCE' },
] as const;
// "UPC/EAN extension" (EAN-2, EAN-5 add-ons) is not a format of its own in ZXing: the reader takes
// add-ons with the EAN/UPC codes above (eanAddOnSymbol 'Read', zxingDecoder.ts).

export type ZxingFormat = (typeof SCANNER_FORMATS)[number]['zxing'];
export const ZXING_FORMATS: ZxingFormat[] = SCANNER_FORMATS.map((f) => f.zxing);

/**
 * Side of the square scan box for a camera view of `width` × `height` CSS pixels: 250
 * (docs/product/common.md#scanner), never larger than the view, never smaller than 50 unless the
 * view itself is (then the view).
 */
export function scanBoxSize(width: number, height: number): number {
  const room = Math.max(0, Math.floor(Math.min(width, height)));
  const wanted = Math.min(SCANNER.box.width, SCANNER.box.height);
  return Math.min(room, Math.max(SCANNER.minBox, Math.min(wanted, room)));
}

/**
 * The region of the video frame (in video pixels) under a centred square box of `box` CSS
 * pixels, for a video of `videoWidth` × `videoHeight` shown with object-fit: cover in a view of
 * `viewWidth` × `viewHeight`.
 */
export function boxInVideo(videoWidth: number, videoHeight: number, viewWidth: number, viewHeight: number, box: number) {
  const scale = Math.max(viewWidth / videoWidth, viewHeight / videoHeight) || 1;
  const side = Math.min(Math.round(box / scale), videoWidth, videoHeight);
  return { x: Math.round((videoWidth - side) / 2), y: Math.round((videoHeight - side) / 2), width: side, height: side };
}

/**
 * The card number in a decoded text: the text stripped (docs/product/common.md#card-numbers) when
 * it is 16 to 19 digits, else the first run of 16 to 19 digits in it (a QR code may carry a link
 * with the number); null when there is none, which counts as a format failure.
 */
export function cardNumberFrom(text: string): string | null {
  const stripped = stripCardNumber(text);
  const digits = new RegExp(`^\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`);
  if (digits.test(stripped)) return stripped;
  const run = new RegExp(`(?<!\\d)\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}(?!\\d)`).exec(text.replace(/[ -]/g, ''));
  return run ? run[0] : null;
}

export function rememberedCamera(): string | null {
  try {
    return localStorage.getItem(LAST_CAMERA_KEY);
  } catch {
    return null;
  }
}

export function rememberCamera(deviceId: string | undefined): void {
  if (!SCANNER.rememberLastCamera || !deviceId) return;
  try {
    localStorage.setItem(LAST_CAMERA_KEY, deviceId);
  } catch {
    // Storage may be off (private mode); the scanner then starts with the rear camera.
  }
}
