import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectLinuxSoftware, parseDpkg, parseRpm } from './linux.ts';
import { collectMacSoftware, parsePlistStrings } from './macos.ts';
import { parseRegQuery, softwareFromRegistry } from './windows.ts';

describe('Linux packages', () => {
  it('reads installed dpkg packages, not removed ones', () => {
    const output = [
      'ii \tadduser\t3.134\tDebian Adduser Developers <adduser@packages.debian.org>',
      'rc \told-thing\t1.0\tSomeone',
      'ii \tlibc6\t2.36-9\tGNU Libc Maintainers',
      '',
    ].join('\n');
    expect(parseDpkg(output)).toEqual([
      {
        name: 'adduser',
        version: '3.134',
        publisher: 'Debian Adduser Developers <adduser@packages.debian.org>',
        installDate: null,
      },
      { name: 'libc6', version: '2.36-9', publisher: 'GNU Libc Maintainers', installDate: null },
    ]);
  });

  it('reads rpm packages with their install date', () => {
    const output = 'bash\t5.1.8-6.el9\tRed Hat, Inc.\t1700000000\ngpg-pubkey\t1-2\t(none)\t1700000001\n';
    expect(parseRpm(output)).toEqual([
      { name: 'bash', version: '5.1.8-6.el9', publisher: 'Red Hat, Inc.', installDate: '2023-11-14' },
      { name: 'gpg-pubkey', version: '1-2', publisher: '', installDate: '2023-11-14' },
    ]);
  });

  it.skipIf(!fs.existsSync('/var/lib/dpkg/status'))(
    'lists this machine’s packages through dpkg-query',
    async () => {
      const software = await collectLinuxSoftware();
      expect(software.find((s) => s.name === 'dpkg')?.version).toMatch(/^\d/);
    },
  );
});

describe('Windows registry', () => {
  const output = [
    '',
    'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\7-Zip',
    '    DisplayName    REG_SZ    7-Zip 23.01 (x64)',
    '    DisplayVersion    REG_SZ    23.01',
    '    Publisher    REG_SZ    Igor Pavlov',
    '    InstallDate    REG_SZ    20240115',
    '',
    'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\KB5034441',
    '    DisplayName    REG_SZ    Security Update',
    '    ParentKeyName    REG_SZ    OperatingSystem',
    '',
    'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Hidden',
    '    DisplayName    REG_SZ    Runtime component',
    '    SystemComponent    REG_DWORD    0x1',
    '',
    'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\NoName',
    '    UninstallString    REG_SZ    C:\\x.exe',
  ].join('\r\n');

  it('reads programs with name, version, publisher and install date', () => {
    expect(softwareFromRegistry(parseRegQuery(output))).toEqual([
      { name: '7-Zip 23.01 (x64)', version: '23.01', publisher: 'Igor Pavlov', installDate: '2024-01-15' },
    ]);
  });
});

describe('macOS /Applications', () => {
  it('reads an application bundle’s XML Info.plist', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-apps-'));
    const contents = path.join(dir, 'Safari & Co.app', 'Contents');
    fs.mkdirSync(contents, { recursive: true });
    fs.writeFileSync(
      path.join(contents, 'Info.plist'),
      `<?xml version="1.0"?><plist version="1.0"><dict>
        <key>CFBundleName</key><string>Safari &amp; Co</string>
        <key>CFBundleShortVersionString</key><string>17.2</string>
        <key>CFBundleIdentifier</key><string>com.apple.Safari</string>
      </dict></plist>`,
    );
    fs.mkdirSync(path.join(dir, 'Broken.app'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    const apps = await collectMacSoftware(dir);
    const byName = apps
      .map(({ installDate: _installDate, ...rest }) => rest)
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(byName).toEqual([
      { name: 'Broken', version: '', publisher: '' },
      { name: 'Safari & Co', version: '17.2', publisher: 'apple' },
    ]);
  });

  it('reads string values of a property list', () => {
    expect(parsePlistStrings('<key>A</key>\n  <string>1 &lt; 2</string><key>B</key><true/>')).toEqual({
      A: '1 < 2',
    });
  });
});
