import type { InventorySoftware } from '@rmm/domain';
import { run } from '../exec.ts';
import { clip } from '../text.ts';

/** Where Windows lists installed programs: 64-bit, 32-bit on 64-bit, and per-user installs. */
export const uninstallKeys = [
  'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  'HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  'HKCU\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
];

const valueLine = /^\s{4}(\S(?:.*?\S)?)\s{4}(REG_\w+)\s{4}(.*)$/;

/** `reg query KEY /s` output: one block per subkey, `    Name    REG_TYPE    Value` lines. */
export const parseRegQuery = (output: string): Record<string, string>[] => {
  const entries: Record<string, string>[] = [];
  let current: Record<string, string> | undefined;
  for (const line of output.split(/\r?\n/)) {
    if (line.startsWith('HKEY_')) {
      current = {};
      entries.push(current);
      continue;
    }
    const match = valueLine.exec(line);
    if (match && current) current[match[1]!] = match[3]!.trim();
  }
  return entries;
};

/** InstallDate is YYYYMMDD in the registry. */
const installDateOf = (value: string | undefined) =>
  value && /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : null;

export const softwareFromRegistry = (entries: Record<string, string>[]): InventorySoftware[] =>
  entries
    // Updates and components hidden from "Programs and Features" are not installed software.
    .filter((e) => e.DisplayName && e.SystemComponent !== '0x1' && !e.ParentKeyName)
    .map((e) => ({
      name: clip(e.DisplayName, 1000),
      version: clip(e.DisplayVersion),
      publisher: clip(e.Publisher, 1000),
      installDate: installDateOf(e.InstallDate),
    }));

export const collectWindowsSoftware = async (): Promise<InventorySoftware[]> => {
  const outputs = await Promise.all(
    uninstallKeys.map((key) => run('reg', ['query', key, '/s']).catch(() => ({ code: 1, stdout: '' }))),
  );
  return softwareFromRegistry(outputs.flatMap((o) => (o.code === 0 ? parseRegQuery(o.stdout) : [])));
};
