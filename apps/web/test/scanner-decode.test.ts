import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureZxing, zxingDecode } from '../src/components/CardScanner/zxingDecoder';
import { cardNumberFrom } from '../src/components/CardScanner/scannerSettings';

// The ZXing WebAssembly decoder the scanner uses, run in Node on barcodes that a real generator
// (bwip-js, BWIPP) draws in the test: every docs/product/common.md#scanner format bwip-js can make,
// then photo-like images.

const require = createRequire(import.meta.url);
const GIFT_BALANCE = '6064000000000000101';

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

async function render(bcid: string, text: string, extra: Record<string, unknown> = {}): Promise<Pixels> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({ bcid, text, scale: 3, paddingwidth: 12, paddingheight: 12, backgroundcolor: 'FFFFFF', ...extra } as Parameters<typeof bwipjs.toBuffer>[0]),
  );
  return { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
}

/** The image turned by `degrees` around its centre on a larger light-grey "table". */
function rotate(src: Pixels, degrees: number): Pixels {
  const rad = (degrees * Math.PI) / 180;
  const side = Math.ceil(Math.hypot(src.width, src.height)) + 40;
  const out = new Uint8ClampedArray(side * side * 4).fill(225);
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = x - side / 2;
      const dy = y - side / 2;
      const sx = Math.round(cos * dx + sin * dy + src.width / 2);
      const sy = Math.round(-sin * dx + cos * dy + src.height / 2);
      if (sx < 0 || sy < 0 || sx >= src.width || sy >= src.height) continue;
      const o = (y * side + x) * 4;
      const i = (sy * src.width + sx) * 4;
      out[o] = src.data[i]!;
      out[o + 1] = src.data[i + 1]!;
      out[o + 2] = src.data[i + 2]!;
    }
  }
  for (let p = 3; p < out.length; p += 4) out[p] = 255;
  return { data: out, width: side, height: side };
}

/** A photo-like copy: uneven lighting, lower contrast, blur and sensor noise (seeded). */
function photo(src: Pixels, noise = 24): Pixels {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const { width, height } = src;
  const out = new Uint8ClampedArray(src.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 0.75 + 0.25 * (x / width) - 0.1 * (y / height);
      for (let c = 0; c < 3; c++) {
        // 3×1 box blur along the row.
        const at = (xx: number) => src.data[(y * width + Math.min(width - 1, Math.max(0, xx))) * 4 + c]!;
        const blurred = (at(x - 1) + at(x) + at(x + 1)) / 3;
        const contrast = 40 + blurred * 0.7;
        out[(y * width + x) * 4 + c] = contrast * light + (random() - 0.5) * 2 * noise;
      }
      out[(y * width + x) * 4 + 3] = 255;
    }
  }
  return { data: out, width, height };
}

const decode = (image: Pixels) => zxingDecode(image as unknown as ImageData);

beforeAll(() => {
  // In the browser the wasm comes from our own /assets; here from node_modules.
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  configureZxing({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
});

// bcid, text to encode, format ZXing reports, text ZXing reads
const FORMATS: Array<[spec: string, bcid: string, text: string, format: string, read: string, extra?: Record<string, unknown>]> = [
  ['QR code', 'qrcode', GIFT_BALANCE, 'QRCode', GIFT_BALANCE],
  ['Aztec', 'azteccode', GIFT_BALANCE, 'Aztec', GIFT_BALANCE],
  ['Codabar', 'rationalizedCodabar', `A${GIFT_BALANCE}A`, 'Codabar', `A${GIFT_BALANCE}A`],
  ['Code 39', 'code39', GIFT_BALANCE, 'Code39', GIFT_BALANCE],
  ['Code 93', 'code93', GIFT_BALANCE, 'Code93', GIFT_BALANCE, { includecheck: true }],
  ['Code 128', 'code128', GIFT_BALANCE, 'Code128', GIFT_BALANCE],
  ['Data Matrix', 'datamatrix', GIFT_BALANCE, 'DataMatrix', GIFT_BALANCE],
  ['MaxiCode', 'maxicode', GIFT_BALANCE, 'MaxiCode', GIFT_BALANCE],
  ['ITF', 'interleaved2of5', `0${GIFT_BALANCE}`, 'ITF', `0${GIFT_BALANCE}`],
  ['EAN-13', 'ean13', '590123412345', 'EAN13', '5901234123457'],
  ['EAN-8', 'ean8', '9638507', 'EAN8', '96385074'],
  ['PDF 417', 'pdf417', GIFT_BALANCE, 'PDF417', GIFT_BALANCE],
  ['RSS 14', 'databaromni', '(01)24012345678905', 'DataBar', '(01)24012345678905'],
  ['RSS Expanded', 'databarexpanded', '(01)95012345678903(3103)000123', 'DataBarExp', '(01)95012345678903(3103)000123'],
  // ZXing reports a UPC-A as the EAN-13 it is (a leading 0) when both are enabled.
  ['UPC-A', 'upca', '01234567890', '(UPCA|EAN13)', '0012345678905'],
  ['UPC-E', 'upce', '0123456', 'UPCE', '0012345000065'],
];

describe('ZXing (wasm) decodes every barcode format the scanner accepts that bwip-js can draw', () => {
  for (const [spec, bcid, text, format, read, extra] of FORMATS) {
    it(`${spec} (${bcid})`, async () => {
      const outcome = await decode(await render(bcid, text, extra));
      expect(outcome).toMatchObject({ type: 'match', text: read });
      if (outcome.type === 'match') expect(outcome.format.replace(/[^A-Za-z0-9]/g, '')).toMatch(new RegExp(`^${format}`, 'i'));
    });
  }

  it('UPC/EAN extension: an EAN-13 with a 5-digit add-on still gives the main number', async () => {
    const outcome = await decode(await render('ean13', '5901234123457 12345'));
    expect(outcome).toMatchObject({ type: 'match' });
    if (outcome.type === 'match') expect(outcome.text.startsWith('5901234123457')).toBe(true);
  });
});

describe('photo-like images', () => {
  it('a rotated Code 128 card number (23°) on a grey table', async () => {
    const outcome = await decode(rotate(await render('code128', GIFT_BALANCE), 23));
    expect(outcome).toMatchObject({ type: 'match', text: GIFT_BALANCE });
  });

  it('a rotated QR code (135°)', async () => {
    const outcome = await decode(rotate(await render('qrcode', GIFT_BALANCE), 135));
    expect(outcome).toMatchObject({ type: 'match', text: GIFT_BALANCE });
  });

  it('a noisy, unevenly lit, blurred and slightly rotated photo of the card barcode', async () => {
    const outcome = await decode(photo(rotate(await render('code128', GIFT_BALANCE, { scale: 4 }), 6)));
    expect(outcome).toMatchObject({ type: 'match', text: GIFT_BALANCE });
    if (outcome.type === 'match') expect(cardNumberFrom(outcome.text)).toBe(GIFT_BALANCE);
  });

  it('an image with no code: not found (not fatal)', async () => {
    const blank = photo({ data: new Uint8ClampedArray(400 * 300 * 4).fill(230), width: 400, height: 300 });
    expect(await decode(blank)).toEqual({ type: 'failure', failure: 'notFound' });
  });

  it('a code that is not a card number is read, and the scanner rejects it as a format failure', async () => {
    const outcome = await decode(await render('qrcode', 'https://www.example.com/'));
    expect(outcome).toMatchObject({ type: 'match', text: 'https://www.example.com/' });
    if (outcome.type === 'match') expect(cardNumberFrom(outcome.text)).toBeNull();
  });
});
