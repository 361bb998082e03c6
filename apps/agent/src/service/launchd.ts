export const LAUNCHD_PLIST_PATH = '/Library/LaunchDaemons/com.rmm.agent.plist';
export const LAUNCHD_LABEL = 'com.rmm.agent';

const escapeXml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A launchd daemon that starts at boot and is restarted when it exits. */
export const launchdPlist = (
  command: string[],
  workingDirectory: string,
) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${command.map((arg) => `    <string>${escapeXml(arg)}</string>`).join('\n')}
  </array>
  <key>WorkingDirectory</key>
  <string>${escapeXml(workingDirectory)}</string>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <true/>
  <key>Umask</key>
  <integer>63</integer>
  <key>StandardErrorPath</key>
  <string>/Library/Logs/rmm-agent.log</string>
</dict>
</plist>
`;

export const launchdNextSteps = [`launchctl bootstrap system ${LAUNCHD_PLIST_PATH}`];
