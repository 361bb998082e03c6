// Attachment upload (issue 17): a server process on PGlite (a temporary DATA_DIR), signed in as the administrator,
// one POST /ws/support/upload-attachment of a --size-mb file (random bytes, 100 MB by default) in base64 JSON,
// streamed over HTTP as a browser sends it (with its Content-Length), then the file downloaded again through
// its signed URL and checked by SHA-256. Prints the times and the server process's resident memory: before,
// the highest sampled every 20 ms during the upload and the download, and its peak (VmHWM) at the end, to show
// that the server never holds the file (or its 140 MB of base64) whole.
//
// Usage: node --import tsx bench/src/attachment-upload.ts [--size-mb 100] [--port 18320]
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type AttachmentWithUrl, apiPaths, MAX_ATTACHMENT_SIZE_BYTES } from '@rmm/domain';
import { signInAdmin } from './admin-session.ts';
import {
  loadAverage,
  machineDescription,
  peakRss,
  readProcess,
  repoRoot,
  startServer,
} from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    'size-mb': { type: 'string', default: '100' },
    port: { type: 'string', default: '18320' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('Options: --size-mb N (default 100, at most 100), --port N (default 18320)');
  process.exit(0);
}
const size = Math.min(MAX_ATTACHMENT_SIZE_BYTES, Math.round(Number(args['size-mb']) * 1_048_576));
const admin = { email: 'bench@local', password: 'bench password' };
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The file: random bytes made 3 MB at a time, hashed as they go; the JSON body around its base64, streamed. */
const uploadBody = (fileName: string) => {
  const hash = createHash('sha256');
  const prefix = Buffer.from(`{"fileName":${JSON.stringify(fileName)},"file":"`);
  const suffix = Buffer.from('"}');
  async function* chunks() {
    yield prefix;
    const step = 3 * 1_048_576; // a multiple of 3: each chunk's base64 stands alone
    for (let at = 0; at < size; at += step) {
      const bytes = randomBytes(Math.min(step, size - at));
      hash.update(bytes);
      yield Buffer.from(bytes.toString('base64'), 'latin1');
    }
    yield suffix;
  }
  const length = prefix.length + Math.ceil(size / 3) * 4 + suffix.length;
  return { stream: Readable.from(chunks()), length, sha256: () => hash.digest('hex') };
};

/** The highest resident memory of the process, sampled every 20 ms until stopped. */
const sampleRss = (pid: number) => {
  let highest = 0;
  const timer = setInterval(() => {
    highest = Math.max(highest, readProcess(pid)?.rssBytes ?? 0);
  }, 20);
  return () => {
    clearInterval(timer);
    return highest;
  };
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-attachment-bench-'));
console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
const server = await startServer({
  port: Number(args.port),
  databaseUrl: '',
  env: {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    NATS_URL: '',
    LOG_LEVEL: 'warn',
  },
  logFile: path.join(repoRoot, 'bench/.state/attachment-upload.log'),
});
try {
  const session = await signInAdmin(server.url, admin);
  const headers = { origin: session.origin, cookie: session.cookie };
  const idle = readProcess(server.pid)!.rssBytes;
  const peakAtStart = peakRss(server.pid)!;
  console.log(
    `server ready in ${((server.readyAt - server.spawnedAt) / 1000).toFixed(1)} s; resident ${mb(idle)} (peak so far ${mb(peakAtStart)})`,
  );

  const body = uploadBody('bench.bin');
  const stopUploadSampling = sampleRss(server.pid);
  const uploadStarted = performance.now();
  const response = await fetch(new URL(apiPaths.uploadAttachment('support'), server.url), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
    body: Readable.toWeb(body.stream) as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const uploadRss = stopUploadSampling();
  if (!response.ok) throw new Error(`upload: ${response.status} ${text.slice(0, 300)}`);
  const attachment = JSON.parse(text) as AttachmentWithUrl;
  const sentSha256 = body.sha256();
  if (attachment.metadata.size !== size || attachment.contentId !== sentSha256)
    throw new Error(`the server stored something else: ${text.slice(0, 300)}`);
  console.log(
    `upload: ${mb(size)} file, ${mb(body.length)} JSON body, ${uploadSeconds.toFixed(2)} s ` +
      `(${(body.length / 1_048_576 / uploadSeconds).toFixed(1)} MB/s of body), ${attachment.uploadStatus}; ` +
      `server resident at most ${mb(uploadRss)} while it ran`,
  );

  const stopDownloadSampling = sampleRss(server.pid);
  const downloadStarted = performance.now();
  const download = await fetch(new URL(attachment.signedUrl!, server.url));
  const received = createHash('sha256');
  let receivedBytes = 0;
  for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) {
    received.update(chunk);
    receivedBytes += chunk.length;
  }
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  const downloadRss = stopDownloadSampling();
  if (received.digest('hex') !== sentSha256) throw new Error('the download is not the file uploaded');
  console.log(
    `download through the signed URL: ${mb(receivedBytes)} in ${downloadSeconds.toFixed(2)} s, same SHA-256; ` +
      `server resident at most ${mb(downloadRss)} while it ran`,
  );
  console.log(
    `server peak resident (VmHWM) at the end: ${mb(peakRss(server.pid)!)}; load average ${loadAverage()}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
