import { SCANNER_FORMATS, type ZxingFormat } from './scannerSettings';
import type { ScanFailure } from './scannerState';

export type DecodeOutcome = { type: 'match'; text: string; format: string } | { type: 'failure'; failure: ScanFailure };

export interface Decoder {
  /** 'native' (BarcodeDetector), 'zxing' (WebAssembly) or 'both' (native, then ZXing for the rest). */
  readonly kind: 'native' | 'zxing' | 'both';
  decode(image: ImageData): Promise<DecodeOutcome>;
}

interface NativeBarcodeDetector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string; format: string }>>;
}
interface NativeBarcodeDetectorClass {
  new (options?: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

function nativeDetectorClass(): NativeBarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' && typeof candidate.getSupportedFormats === 'function' ? candidate : null;
}

/**
 * Splits the docs/product/common.md#scanner formats into those the browser's BarcodeDetector reads
 * and those left to ZXing.
 */
export function splitFormats(nativeSupported: readonly string[]): { native: string[]; zxing: ZxingFormat[] } {
  const native: string[] = [];
  const zxing: ZxingFormat[] = [];
  for (const format of SCANNER_FORMATS) {
    if (format.native && nativeSupported.includes(format.native)) native.push(format.native);
    else zxing.push(format.zxing);
  }
  return { native, zxing };
}

/**
 * The decoder for this browser: BarcodeDetector for the formats it supports, the ZXing WebAssembly
 * decoder (loaded on demand, same origin) for the others, or for all where there is no detector.
 */
export async function createDecoder(): Promise<Decoder> {
  const Native = nativeDetectorClass();
  let supported: string[] = [];
  if (Native) {
    try {
      supported = await Native.getSupportedFormats();
    } catch {
      supported = [];
    }
  }
  const split = splitFormats(supported);
  const native = Native && split.native.length ? new Native({ formats: split.native }) : null;
  const zxing = split.zxing.length ? await import('./zxingDecoder') : null;

  return {
    kind: native && zxing ? 'both' : native ? 'native' : 'zxing',
    async decode(image) {
      if (native) {
        try {
          const found = await native.detect(image);
          const first = found.find((code) => code.rawValue);
          if (first) return { type: 'match', text: first.rawValue, format: first.format };
        } catch {
          // A frame the detector cannot take is a failure to read, not the end of scanning.
        }
        if (!zxing) return { type: 'failure', failure: 'notFound' };
      }
      return zxing!.zxingDecode(image, split.zxing);
    },
  };
}
