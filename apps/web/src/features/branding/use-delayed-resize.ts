import { IMAGE_RESIZE_DELAY_MS } from '@rmm/domain/constants';
import { useEffect, useState } from 'react';
import { type CropArea, cropAndResize, loadImage, type ResizedImage } from './image-resize.ts';

/**
 * The resized image of the current crop, made IMAGE_RESIZE_DELAY_MS (spec §9: 200 ms) after the crop last
 * changed: dragging or zooming does not redraw on every movement. Null while resizing.
 */
export const useDelayedResize = (source: string | null, crop: CropArea | null, maxSize: number) => {
  const [result, setResult] = useState<ResizedImage | null>(null);
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    setResult(null);
    setFailed(false);
    if (!source || !crop) return;
    let isCurrent = true;
    const timer = setTimeout(async () => {
      try {
        const resized = cropAndResize(await loadImage(source), crop, maxSize);
        if (isCurrent) setResult(resized);
      } catch {
        if (isCurrent) setFailed(true);
      }
    }, IMAGE_RESIZE_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [source, crop, maxSize]);
  return { result, isResizing: source !== null && crop !== null && result === null && !isFailed, isFailed };
};
