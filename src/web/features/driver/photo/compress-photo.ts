import { photoMaxBytes } from '../driver-limits';

/** The longest side a photo keeps: enough to read a label or see a doorstep, small enough for a mobile network. */
export const photoMaxSide = 1280;

/** The size of a photo scaled to fit `maxSide`, keeping its shape (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The bytes a base64 data URL decodes to. */
export function getDataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const qualities = [0.8, 0.65, 0.5, 0.35];

/**
 * A camera photo as a JPEG data URL, at most `photoMaxSide` on its longest side and under the server's size limit:
 * drawn on a canvas, then saved at falling JPEG qualities until it fits. Null when the browser cannot read the
 * file as an image.
 */
export async function compressPhoto(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height, photoMaxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const quality of qualities) {
    const dataUrl = canvas.toDataURL('image/jpeg', quality);
    if (getDataUrlBytes(dataUrl) <= photoMaxBytes) return dataUrl;
  }
  return null;
}
