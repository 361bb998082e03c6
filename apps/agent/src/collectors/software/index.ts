import type { InventorySoftware } from '@rmm/domain';
import { collectLinuxSoftware } from './linux.ts';
import { collectMacSoftware } from './macos.ts';
import { collectWindowsSoftware } from './windows.ts';

const byName = (a: InventorySoftware, b: InventorySoftware) =>
  a.name.localeCompare(b.name) || a.version.localeCompare(b.version);

/** Installed software from the platform's own record: dpkg/rpm, the registry, /Applications. */
export const collectSoftware = async (platform: NodeJS.Platform): Promise<InventorySoftware[]> => {
  const list =
    platform === 'win32'
      ? await collectWindowsSoftware()
      : platform === 'darwin'
        ? await collectMacSoftware()
        : await collectLinuxSoftware();
  const seen = new Set<string>();
  // The same program can be listed twice (32- and 64-bit keys); one entry per name and version.
  return list
    .filter((item) => {
      const key = `${item.name}\u0000${item.version}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(byName);
};
