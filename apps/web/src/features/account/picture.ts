/**
 * The profile photo is kept in the `picture` attribute as a data URL. An attribute value holds at most 2,048
 * characters (Cognito's limit, which the built-in identity service keeps in wire.ts, so the same photo works with a
 * real user pool), so the image is cropped to a square and shrunk in the browser until it fits: an avatar is shown
 * at 34 to 64 px, and 64 to 96 px of WebP or JPEG fit in that room. No upload endpoint or file storage is needed.
 */
export const PICTURE_MAX_LENGTH = 2048;

const SIDES = [96, 80, 64, 48];
const QUALITIES = [0.85, 0.7, 0.5, 0.35];
// Safari cannot encode WebP from a canvas (it answers PNG): JPEG is the fallback every browser encodes.
const TYPES = ['image/webp', 'image/jpeg'];

/** The photo as a square data URL within the attribute's limit, or null when the file is not an image. */
export async function pictureDataUrl(file: File): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const crop = Math.min(bitmap.width, bitmap.height);
    const sx = (bitmap.width - crop) / 2;
    const sy = (bitmap.height - crop) / 2;
    for (const side of SIDES) {
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const context = canvas.getContext('2d');
      if (!context) return null;
      // JPEG has no transparency: a transparent logo is put on white, not black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, side, side);
      context.drawImage(bitmap, sx, sy, crop, crop, 0, 0, side, side);
      for (const type of TYPES) {
        for (const quality of QUALITIES) {
          const url = canvas.toDataURL(type, quality);
          if (url.startsWith(`data:${type}`) && url.length <= PICTURE_MAX_LENGTH) return url;
        }
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}
