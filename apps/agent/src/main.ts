import { enrol, startAgent } from './agent.ts';
import { type AgentOptions, parseAgentArgs, usage } from './args.ts';
import { runBackupCommand } from './backup/cli.ts';
import { EnrollmentRefusedError } from './enroll.ts';
import { createLogger, type Logger } from './log.ts';
import { installService } from './service/install.ts';

/** Exit codes: 0 stopped, 1 unexpected failure, 2 refused (bad token, bad arguments): do not restart blindly. */
const EXIT_REFUSED = 2;

const run = async (options: AgentOptions, log: Logger) => {
  if (options.command === 'install-service') {
    // Enrol now, so the service definition never holds the token.
    await enrol(options, log);
    await installService(
      {
        platform: process.platform,
        stateDir: options.stateDir,
        servicePath: options.servicePath,
        enable: options.enableService,
      },
      log,
    );
    return;
  }
  const agent = await startAgent(options, log);
  const shutdown = (signal: string) => {
    log.info(`${signal}: stopping`);
    void agent.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

const main = async () => {
  // `backup ...`: restore without the server, a command of its own (it needs no identity or connection)
  if (process.argv[2] === 'backup') {
    process.exitCode = await runBackupCommand(process.argv.slice(3));
    return;
  }
  const log = createLogger();
  let options: AgentOptions;
  try {
    options = parseAgentArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}`);
    process.exit(EXIT_REFUSED);
  }
  if (options.command === 'help') return void process.stdout.write(usage);
  try {
    await run(options, log);
  } catch (error) {
    if (error instanceof EnrollmentRefusedError) {
      log.error(`enrolment refused: ${error.message}`);
      process.exit(EXIT_REFUSED);
    }
    log.error(`the agent stopped: ${(error as Error).stack ?? error}`);
    process.exit(1);
  }
};

await main();
