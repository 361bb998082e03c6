/** Cropping and resizing an image on a canvas (the logo's image editor). */

export type CropArea = { x: number; y: number; width: number; height: number };
export type ResizedImage = { dataUrl: string; width: number; height: number };

/** The size that fits `max` on its longest side, never enlarged. */
export const fitWithin = (width: number, height: number, max: number) => {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

export const loadImage = (src: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });

/** Draws the crop of `image` into a canvas of at most `maxSize` px and answers it as a PNG data URL. */
export const cropAndResize = (image: CanvasImageSource, crop: CropArea, maxSize: number): ResizedImage => {
  const size = fitWithin(crop.width, crop.height, maxSize);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
  return { dataUrl: canvas.toDataURL('image/png'), ...size };
};

/** The base64 part of a data URL (what the upload sends). */
export const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);

export const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
