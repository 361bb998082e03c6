import fs from 'node:fs/promises';
import path from 'node:path';
import type { InventorySoftware } from '@rmm/domain';
import { run } from '../exec.ts';
import { clip } from '../text.ts';

export const APPLICATIONS_DIR = '/Applications';

const unescapeXml = (value: string) =>
  value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** The string values of an XML property list's top-level dictionary. */
export const parsePlistStrings = (xml: string): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const match of xml.matchAll(/<key>([^<]*)<\/key>\s*<string>([^<]*)<\/string>/g)) {
    values[unescapeXml(match[1]!)] = unescapeXml(match[2]!);
  }
  return values;
};

/** Info.plist as XML: binary property lists go through plutil, which every Mac has. */
const readPlist = async (file: string) => {
  const raw = await fs.readFile(file);
  if (!raw.subarray(0, 6).toString('latin1').startsWith('bplist')) return raw.toString('utf8');
  const converted = await run('plutil', ['-convert', 'xml1', '-o', '-', file]);
  return converted.code === 0 ? converted.stdout : '';
};

export const softwareFromPlist = (
  appName: string,
  plist: Record<string, string>,
  installed: Date | null,
) => ({
  name: clip(plist.CFBundleDisplayName || plist.CFBundleName || appName.replace(/\.app$/, ''), 1000),
  version: clip(plist.CFBundleShortVersionString || plist.CFBundleVersion),
  // macOS has no publisher field; the bundle id's owner (com.<vendor>.app) is the closest.
  publisher: clip(plist.CFBundleIdentifier?.split('.')[1] ?? '', 1000),
  installDate: installed ? installed.toISOString().slice(0, 10) : null,
});

export const collectMacSoftware = async (dir = APPLICATIONS_DIR): Promise<InventorySoftware[]> => {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.app'));
  const apps = await Promise.all(
    names.map(async (name) => {
      const bundle = path.join(dir, name);
      try {
        const [xml, stat] = await Promise.all([
          readPlist(path.join(bundle, 'Contents', 'Info.plist')),
          fs.stat(bundle),
        ]);
        return softwareFromPlist(name, parsePlistStrings(xml), stat.birthtime);
      } catch {
        return softwareFromPlist(name, {}, null);
      }
    }),
  );
  return apps;
};
