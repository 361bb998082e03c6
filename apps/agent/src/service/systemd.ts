export const SYSTEMD_UNIT_PATH = '/etc/systemd/system/rmm-agent.service';

/** systemd splits ExecStart on spaces unless an argument is quoted. */
const quote = (arg: string) =>
  /[\s"\\]/.test(arg) ? `"${arg.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : arg;

export const systemdUnit = (command: string[], workingDirectory: string) => `[Unit]
Description=RMM agent
Documentation=file://${workingDirectory}/README.md
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=${command.map(quote).join(' ')}
WorkingDirectory=${quote(workingDirectory)}
Restart=always
RestartSec=10
# The identity file holds the device secret: files the agent creates are private.
UMask=0077

[Install]
WantedBy=multi-user.target
`;

export const systemdNextSteps = ['systemctl daemon-reload', 'systemctl enable --now rmm-agent'];
