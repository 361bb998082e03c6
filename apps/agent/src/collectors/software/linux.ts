import type { InventorySoftware } from '@rmm/domain';
import { run } from '../exec.ts';
import { clip } from '../text.ts';

// dpkg-query's own ${field} placeholders, not a JavaScript template.
// biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query format syntax
export const DPKG_FORMAT = '${db:Status-Abbrev}\\t${Package}\\t${Version}\\t${Maintainer}\\n';
export const RPM_FORMAT = '%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{VENDOR}\\t%{INSTALLTIME}\\n';

/** `dpkg-query -W -f=DPKG_FORMAT`: installed packages only ("ii"), not removed ones with config left. */
export const parseDpkg = (output: string): InventorySoftware[] =>
  output
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([status, name]) => status?.trim() === 'ii' && name)
    .map(([, name, version, maintainer]) => ({
      name: clip(name, 1000),
      version: clip(version),
      publisher: clip(maintainer, 1000),
      installDate: null,
    }));

const epochToDate = (value: string | undefined) => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 10) : null;
};

/** `rpm -qa --queryformat RPM_FORMAT`. */
export const parseRpm = (output: string): InventorySoftware[] =>
  output
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([name]) => name)
    .map(([name, version, vendor, installTime]) => ({
      name: clip(name, 1000),
      version: clip(version),
      publisher: clip(vendor === '(none)' ? '' : vendor, 1000),
      installDate: epochToDate(installTime),
    }));

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** dpkg on Debian and Ubuntu, rpm on Red Hat and SUSE; neither: no list. */
export const collectLinuxSoftware = async (): Promise<InventorySoftware[]> => {
  try {
    // Both tools expand the tab and newline escapes of their format themselves.
    const dpkg = await run('dpkg-query', ['-W', `-f=${DPKG_FORMAT}`]);
    if (dpkg.code === 0) return parseDpkg(dpkg.stdout);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  try {
    const rpm = await run('rpm', ['-qa', '--queryformat', RPM_FORMAT]);
    return rpm.code === 0 ? parseRpm(rpm.stdout) : [];
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
};
