import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The agent's package folder: tsx is resolved from here when the service starts. */
export const agentPackageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const agentMainFile = path.join(agentPackageDir, 'src', 'main.ts');

/** The program and arguments a service manager starts: node, tsx, main.ts, the state folder. */
export const serviceCommand = (stateDir: string, nodePath = process.execPath) => [
  nodePath,
  '--import',
  'tsx',
  agentMainFile,
  '--state-dir',
  stateDir,
];
