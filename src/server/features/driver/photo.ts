import { driverPhotoMaxBytes, driverPhotoTypes } from '../../../contracts/driver';

type PhotoType = (typeof driverPhotoTypes)[number];

export type DecodedPhoto = { contentType: PhotoType; content: Buffer };

const startsWith = (content: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => content[offset + index] === byte);

/** The image type the bytes themselves say, whatever the data URL claims. */
function sniffType(content: Buffer): PhotoType | null {
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(content, [0x52, 0x49, 0x46, 0x46]) && startsWith(content, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

const dataUrlPattern = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * A photo sent as a data URL: JPEG, PNG or WebP only, judged by its bytes (a script renamed image/png is refused),
 * and at most driverPhotoMaxBytes once decoded. Answers the photo, or why it is refused in the driver's words.
 */
export function decodePhoto(dataUrl: string): DecodedPhoto | { refusal: string } {
  const match = dataUrlPattern.exec(dataUrl);
  const base64 = match?.[2];
  if (!match || base64 === undefined || base64.length % 4 !== 0) {
    return { refusal: 'The photo must be a JPEG, PNG or WebP image.' };
  }
  // Checked before decoding, so an oversized photo costs no memory.
  if ((base64.length / 4) * 3 - (base64.match(/=+$/)?.[0].length ?? 0) > driverPhotoMaxBytes) {
    return { refusal: `The photo is larger than ${String(driverPhotoMaxBytes / 1_000_000)} MB.` };
  }
  const content = Buffer.from(base64, 'base64');
  const contentType = sniffType(content);
  if (!contentType || contentType !== match[1]) {
    return { refusal: 'The photo must be a JPEG, PNG or WebP image.' };
  }
  return { contentType, content };
}
