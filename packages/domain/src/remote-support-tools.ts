// Remote-support tools recognised in a device's software inventory (the preset "Remote support tool
// installed", spec §3). Plain data: the server derives a device's list from the software its agent
// reports, so the software list stays the one source.

/**
 * Each tool with the installed-program names it goes by on Windows, macOS and Linux. A pattern matches
 * from the start of the name, so that add-ins and plug-ins named after a tool ("TeamViewer Meeting
 * Add-in", "Outlook ... for TeamViewer") are not taken for the tool itself.
 */
export const remoteSupportToolPatterns: readonly (readonly [tool: string, pattern: RegExp])[] = [
  ['TeamViewer', /^teamviewer(?!.*(meeting|add-?in|plug-?in|outlook))(\b|\d)/i],
  ['AnyDesk', /^anydesk\b/i],
  ['Splashtop', /^splashtop\b(?!.*(wired xdisplay|driver))/i],
  ['ConnectWise ScreenConnect', /^(screenconnect|connectwise (control|screenconnect))\b/i],
  ['LogMeIn', /^logmein\b(?!.*hamachi)/i],
  ['GoTo Resolve', /^goto (resolve|assist)\b/i],
  ['RustDesk', /^rustdesk\b/i],
  ['Chrome Remote Desktop', /^chrome(-| )remote(-| )desktop/i],
  ['BeyondTrust Remote Support', /^(beyondtrust remote support|bomgar)\b/i],
  ['RealVNC', /^(realvnc|vnc (server|viewer|connect))\b/i],
  ['TightVNC', /^tightvnc\b/i],
  ['UltraVNC', /^ultravnc\b/i],
  ['TigerVNC', /^tigervnc\b/i],
  ['Zoho Assist', /^zoho assist\b/i],
  ['Parsec', /^parsec\b(?!.*(virtual display|driver))/i],
  ['NoMachine', /^nomachine\b/i],
  ['MeshCentral', /^(mesh ?agent|meshcentral)\b/i],
  ['Supremo', /^supremo\b/i],
  ['DWService', /^(dwagent|dwservice)\b/i],
];

/** The remote-support tools among these installed programs: each tool once, in the table's order. */
export const remoteSupportToolsIn = (software: readonly { name: string }[]): string[] =>
  remoteSupportToolPatterns
    .filter(([, pattern]) => software.some((program) => pattern.test(program.name.trim())))
    .map(([tool]) => tool);
