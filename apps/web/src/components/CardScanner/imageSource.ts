/** Pixels for the decoders, from a camera frame or a chosen photo (browser only). */

/** Largest side a photo is decoded at: enough for a card's barcode, not a 48-megapixel array. */
const MAX_PHOTO_SIDE = 1600;

function context(width: number, height: number): CanvasRenderingContext2D | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d', { willReadFrequently: true });
}

/** The `region` of the current video frame. */
export function frameToImageData(video: HTMLVideoElement, region: { x: number; y: number; width: number; height: number }): ImageData | null {
  if (!video.videoWidth || !region.width) return null;
  const ctx = context(region.width, region.height);
  if (!ctx) return null;
  ctx.drawImage(video, region.x, region.y, region.width, region.height, 0, 0, region.width, region.height);
  return ctx.getImageData(0, 0, region.width, region.height);
}

/**
 * A chosen photo, scaled down to at most MAX_PHOTO_SIDE. Rejects when it is not an image. Decoded
 * with createImageBitmap: a blob: URL in an <img> would need img-src blob: in the CSP.
 */
export async function fileToImageData(file: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = context(width, height);
    if (!ctx) throw new Error('no 2d canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}
