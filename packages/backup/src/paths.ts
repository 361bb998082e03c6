import path from 'node:path';

/**
 * Paths as bytes: names on Linux are any bytes but "/" and NUL, and a name that is not UTF-8 must still be
 * backed up and restored as it is. Node's fs calls take Buffers for that.
 */
const SEP = Buffer.from(path.sep);

export const joinBytes = (folder: Buffer, name: Buffer): Buffer =>
  folder.length > 0 && folder[folder.length - 1] === SEP[0]
    ? Buffer.concat([folder, name])
    : Buffer.concat([folder, SEP, name]);

/** "/home/a b" → ["home", "a b"]; "C:\\Users" → ["C:", "Users"]. */
export const splitAbsolute = (absolute: string): string[] =>
  path
    .resolve(absolute)
    .split(path.sep)
    .filter((part) => part !== '');

/** The inverse of splitAbsolute, as bytes. */
export const joinAbsolute = (components: readonly Buffer[]): Buffer => {
  if (process.platform === 'win32') {
    const [drive, ...rest] = components;
    return Buffer.concat([drive ?? Buffer.alloc(0), SEP, ...rest.flatMap((c, i) => (i ? [SEP, c] : [c]))]);
  }
  return Buffer.concat(components.flatMap((c) => [SEP, c]));
};

/** A path as "/"-separated text for filters and messages (bytes that are not UTF-8 show as U+FFFD). */
export const displayPath = (bytes: Buffer): string => {
  const text = bytes.toString('utf8');
  return path.sep === '/' ? text : text.split(path.sep).join('/');
};

/** "/a/b/c" snapshot paths as components; "" and "/" are the root. */
export const snapshotComponents = (snapshotPath: string): string[] =>
  (process.platform === 'win32' ? snapshotPath.replace(/\\/g, '/') : snapshotPath)
    .split('/')
    .filter((part) => part !== '');
