import sharp from 'sharp';
import { ErrCode } from '@im/protocol';
import { AppError } from '../http/app-error.ts';

/** The long side of a picture's thumbnail (docs/api.md "Uploads"). */
export const THUMBNAIL_LONG_SIDE = 480;

export interface PictureInfo {
  width: number;
  height: number;
  thumbnail: { bytes: Buffer; width: number; height: number };
}

/**
 * A picture's displayed size and a WebP thumbnail, read from the spooled file (libvips reads it from
 * disk; the bytes never sit whole in JavaScript). EXIF orientation is applied, so a phone photo's
 * width and height are the ones the receiver's bubble shows. Bytes that only look like a picture
 * (right magic number, broken body) answer 1007.
 */
export async function pictureInfo(path: string): Promise<PictureInfo> {
  try {
    const meta = await sharp(path).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    const { data, info } = await sharp(path)
      .rotate()
      .resize({
        width: THUMBNAIL_LONG_SIDE,
        height: THUMBNAIL_LONG_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return { width, height, thumbnail: { bytes: data, width: info.width, height: info.height } };
  } catch {
    throw new AppError(ErrCode.UNSUPPORTED_FILE_TYPE, { detail: 'a picture must be a readable image' });
  }
}
