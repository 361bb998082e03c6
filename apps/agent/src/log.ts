export type Logger = {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
};

/** One line per event on stderr (journald and the Windows/macOS service wrappers keep it). */
export const createLogger = (
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger => {
  const line = (level: string) => (message: string) =>
    write(`${new Date().toISOString()} ${level} ${message}\n`);
  return { info: line('INFO'), warn: line('WARN'), error: line('ERROR') };
};
