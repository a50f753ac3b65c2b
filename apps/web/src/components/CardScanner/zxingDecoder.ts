import { prepareZXingModule, readBarcodes, type ReaderOptions, type ZXingModuleOverrides } from 'zxing-wasm/reader';
// The reader's WebAssembly file, emitted by Vite into the build (assets/zxing_reader-<hash>.wasm)
// and served by Tessera itself. zxing-wasm would otherwise fetch it from a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { ZXING_FORMATS, type ZxingFormat } from './scannerSettings';
import type { DecodeOutcome } from './decoder';

let configured = false;

/**
 * Where the ZXing module finds its wasm: by default our own asset. Tests in Node pass the bytes
 * (`{ wasmBinary }`) instead. Call before the first decode.
 */
export function configureZxing(overrides?: ZXingModuleOverrides): void {
  prepareZXingModule({
    overrides: overrides ?? {
      locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? new URL(wasmUrl, document.baseURI).href : prefix + file),
    },
  });
  configured = true;
}

/**
 * Reads one code of `formats` (default: every docs/product/common.md#scanner format) from an
 * image's pixels.
 */
export async function zxingDecode(image: ImageData, formats: readonly ZxingFormat[] = ZXING_FORMATS): Promise<DecodeOutcome> {
  if (!configured) configureZxing();
  const options: ReaderOptions = {
    formats: [...formats],
    tryHarder: true,
    tryRotate: true,
    tryInvert: true,
    eanAddOnSymbol: 'Read',
    returnErrors: true,
    maxNumberOfSymbols: 4,
  };
  const results = await readBarcodes(image, options);
  const valid = results.find((r) => r.isValid);
  if (valid) return { type: 'match', text: valid.text, format: valid.format };
  if (results.length === 0) return { type: 'failure', failure: 'notFound' };
  return { type: 'failure', failure: results.some((r) => /checksum/i.test(r.error)) ? 'checksum' : 'format' };
}
