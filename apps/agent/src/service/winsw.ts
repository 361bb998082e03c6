const escapeXml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const quote = (arg: string) => (/\s/.test(arg) ? `"${arg}"` : arg);

/**
 * Node cannot answer the Windows service manager itself, so a wrapper does: WinSW reads this XML
 * (saved beside `rmm-agent.exe`, a renamed WinSW binary) and runs the agent as a service.
 */
export const winswConfig = (command: string[], workingDirectory: string) => {
  const [executable, ...args] = command;
  return `<service>
  <id>rmm-agent</id>
  <name>RMM agent</name>
  <description>Remote monitoring and management agent</description>
  <executable>${escapeXml(executable ?? 'node')}</executable>
  <arguments>${escapeXml(args.map(quote).join(' '))}</arguments>
  <workingdirectory>${escapeXml(workingDirectory)}</workingdirectory>
  <startmode>Automatic</startmode>
  <onfailure action="restart" delay="10 sec"/>
  <log mode="roll-by-size"/>
</service>
`;
};

export const winswNextSteps = (xmlPath: string) => [
  `Put WinSW (https://github.com/winsw/winsw) beside ${xmlPath} as rmm-agent.exe`,
  'rmm-agent.exe install',
  'rmm-agent.exe start',
];
