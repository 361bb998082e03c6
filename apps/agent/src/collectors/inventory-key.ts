import { createHash } from 'node:crypto';
import type { DeviceInventory } from '@rmm/domain';

/**
 * What decides "the inventory changed": everything but the collection time, with free space in
 * whole percent, so a log file growing by a few bytes does not resend the software list.
 */
export const inventoryKey = (inventory: DeviceInventory): string => {
  const { collectedAt: _collectedAt, ...rest } = inventory;
  const stable = {
    ...rest,
    volumes: rest.volumes.map((v) => ({
      ...v,
      freeBytes: v.totalBytes > 0 ? Math.round((v.freeBytes / v.totalBytes) * 100) : 0,
    })),
  };
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
};
