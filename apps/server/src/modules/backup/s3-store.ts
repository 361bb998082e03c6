import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { isRepositoryFileName } from '@rmm/domain';
import type { BackupS3Settings } from '../../config.ts';
import {
  ChecksumMismatchError,
  FileExistsError,
  type RepositoryFileInfo,
  type RepositoryStore,
  SizeMismatchError,
  StoreUnavailableError,
  type WriteOutcome,
} from './store.ts';

/**
 * The server's store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...): object keys
 * `<prefix><organizationId>/<path>`, the same paths as the folder store (the engine's layout). Docs/decisions.md,
 * "Backup" (S3-compatible store).
 *
 * - Immutable writes: a HEAD first (the same bytes there: `created: false`; other bytes: FileExistsError), then
 *   one PutObject with `If-None-Match: *`, so a write racing another process's never replaces it (412: compared
 *   as above). A bucket that ignores the condition still gets only the same bytes under a content-addressed name.
 * - Bounded memory: the body streams through to the bucket with its length (a 128 MiB file is one PUT, well
 *   under S3's 5 GiB for one); the last piece is held back until the length and the SHA-256 are checked, so a
 *   short, long or damaged body never completes the upload. With the SHA-256 known it is also the request's
 *   signed payload hash (`x-amz-content-sha256`), which the bucket checks itself, and kept as the object's
 *   `sha256` metadata for later comparisons.
 * - Reads: GetObject with Range, started only when the stream is first read (a HEAD answered from the size
 *   costs nothing), stopped when the stream is destroyed.
 * - Failures: the SDK tries reads, HEADs, lists and deletes again (`maxAttempts`); it never tries a streamed
 *   PUT again (its body is spent): the agent sends it again. A 5xx or a silence longer than
 *   `timeoutMs` is StoreUnavailableError (503 to the agent, which tries again).
 */
export type S3StoreSettings = BackupS3Settings;

type S3Failure = Error & { name: string; $metadata?: { httpStatusCode?: number } };

const statusOf = (error: unknown) => (error as S3Failure)?.$metadata?.httpStatusCode;
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as S3Failure)?.name);

/** 5xx, a timeout or a broken connection (no answer at all): may pass. Anything else is the bucket's refusal. */
const failureOf = (error: unknown, what: string): Error => {
  if (
    error instanceof StoreUnavailableError ||
    error instanceof FileExistsError ||
    error instanceof ChecksumMismatchError ||
    error instanceof SizeMismatchError
  )
    return error;
  const status = statusOf(error);
  const name = (error as S3Failure)?.name ?? 'Error';
  // A HEAD's refusal has no body to name it: the status says it.
  const message =
    name === 'Unknown' || name === 'UnknownError'
      ? `the bucket refused ${what}: HTTP ${status}`
      : `the bucket failed ${what}: ${name}${status ? ` (${status})` : ''}: ${(error as Error)?.message}`;
  if (status === undefined || status >= 500 || status === 408 || status === 429)
    return new StoreUnavailableError(message, { cause: error });
  return new Error(message, { cause: error });
};

const checkName = (name: string) => {
  if (!isRepositoryFileName(name)) throw new Error(`not a repository file name: ${JSON.stringify(name)}`);
  return name;
};

/**
 * The body as the bucket receives it: exactly `size` bytes, each piece passed on only once the next arrives,
 * the last only once the length and the SHA-256 (when given) are right. On a mismatch the stream fails with
 * the reason before the upload is complete.
 */
const guardedBody = (
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: { size: number; sha256?: string | undefined },
) => {
  const hash = createHash('sha256');
  const outcome: { digest?: string; failure?: Error } = {};
  const fail = (error: Error) => {
    outcome.failure = error;
    return error;
  };
  async function* pieces() {
    let size = 0;
    let held: Uint8Array | undefined;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > options.size)
        throw fail(new SizeMismatchError('the body is longer than its Content-Length'));
      hash.update(chunk);
      if (held) yield held;
      held = chunk;
    }
    if (size !== options.size)
      throw fail(new SizeMismatchError('the body is shorter than its Content-Length'));
    outcome.digest = hash.digest('hex');
    if (options.sha256 && options.sha256.toLowerCase() !== outcome.digest)
      throw fail(new ChecksumMismatchError());
    if (held) yield held;
  }
  return { stream: Readable.from(pieces(), { objectMode: false }), outcome };
};

/** A Readable over GetObject that asks the bucket only when first read, and stops asking when destroyed. */
class ObjectStream extends Readable {
  private body: Readable | undefined;
  private started = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly open: (signal: AbortSignal) => Promise<{ body: Readable; length: number | undefined }>,
    private readonly what: string,
  ) {
    super();
  }

  override _read(): void {
    if (this.body) {
      this.body.resume();
      return;
    }
    if (this.started) return;
    this.started = true;
    this.open(this.abort.signal).then(
      ({ body, length }) => {
        if (this.destroyed) return void body.destroy();
        this.body = body;
        let received = 0;
        body.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (!this.push(chunk)) body.pause();
        });
        body.on('end', () => {
          if (length !== undefined && received !== length)
            this.destroy(
              new StoreUnavailableError(`${this.what}: cut off after ${received} of ${length} bytes`),
            );
          else this.push(null);
        });
        body.on('error', (error) => this.destroy(failureOf(error, this.what)));
      },
      (error: unknown) => this.destroy(failureOf(error, this.what)),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.abort.abort();
    this.body?.destroy();
    callback(error);
  }
}

export type S3Store = RepositoryStore & { readonly bucket: string; close: () => void };

type Log = { warn: (obj: object, message: string) => void; debug: (obj: object, message: string) => void };

export const createS3Store = (settings: S3StoreSettings, log?: Log): S3Store => {
  const { bucket, prefix } = settings;
  const base: S3ClientConfig = {
    // The SDK's own warnings; that a streamed PUT is not tried again is said of every refused upload.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => {
        const text = args.map(String).join(' ');
        if (text.includes('non-retryable streaming request')) log?.debug({ bucket }, `S3: ${text}`);
        else log?.warn({ bucket }, `S3: ${text}`);
      },
      error: (...args: unknown[]) => log?.warn({ bucket }, `S3: ${args.map(String).join(' ')}`),
    },
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Plain SigV4 requests every S3-compatible service takes: no aws-chunked bodies with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs },
  };
  // The SDK never tries a streamed PUT again (its body is spent): the agent's own retry sends it again.
  const client = new S3Client({ ...base, maxAttempts: settings.maxAttempts });

  const organizationPrefix = (organizationId: number) => `${prefix}${Math.trunc(organizationId)}/`;
  const keyOf = (organizationId: number, name: string) =>
    `${organizationPrefix(organizationId)}${checkName(name)}`;

  const head = async (organizationId: number, name: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(organizationId, name) }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw failureOf(error, `to look up ${name}`);
    }
  };

  const stat: RepositoryStore['stat'] = async (organizationId, name) => {
    const found = await head(organizationId, name);
    return found ? { name, size: found.ContentLength ?? 0 } : undefined;
  };

  const list: RepositoryStore['list'] = async (organizationId, folder) => {
    const base = organizationPrefix(organizationId);
    const within = folder.replace(/\/$/, '');
    const files: RepositoryFileInfo[] = [];
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: within === '' ? base : `${base}${checkName(within)}/`,
            MaxKeys: settings.listPageSize,
            ContinuationToken: token,
          }),
        );
      } catch (error) {
        throw failureOf(error, `to list ${within || 'the repository'}`);
      }
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(base.length) ?? '';
        if (isRepositoryFileName(name)) files.push({ name, size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };

  const read: RepositoryStore['read'] = (organizationId, name, range) => {
    const Key = keyOf(organizationId, name);
    return new ObjectStream(async (abortSignal) => {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        { abortSignal },
      );
      return { body: answer.Body as Readable, length: answer.ContentLength };
    }, `reading ${name}`);
  };

  const sha256OfObject = async (organizationId: number, name: string) => {
    const hash = createHash('sha256');
    for await (const chunk of read(organizationId, name)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  };

  /** The bytes there already: the same (`created: false`) or FileExistsError. */
  const compareExisting = async (
    organizationId: number,
    name: string,
    mine: { size: number; digest: string },
  ): Promise<WriteOutcome> => {
    const existing = await head(organizationId, name);
    if (!existing) throw new StoreUnavailableError(`${name} was there and is gone: try again`);
    const theirs =
      existing.ContentLength !== mine.size
        ? undefined
        : (existing.Metadata?.sha256 ?? (await sha256OfObject(organizationId, name)));
    if (theirs === mine.digest) return { created: false, size: mine.size };
    throw new FileExistsError(name);
  };

  /** Reads what is left of the body (to compare it with a file already there), checking its length and SHA-256. */
  const drain = async (stream: Readable, outcome: { digest?: string; failure?: Error }) => {
    stream.unpipe();
    try {
      for await (const _ of stream);
    } catch (error) {
      throw outcome.failure ?? new StoreUnavailableError('the upload stopped', { cause: error });
    }
  };
  const digestOf = async (
    body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options: { size: number; sha256?: string | undefined },
  ) => {
    const { stream, outcome } = guardedBody(body, options);
    await drain(stream, outcome);
    return outcome.digest!;
  };

  const writeImmutable: RepositoryStore['writeImmutable'] = async (organizationId, name, body, options) => {
    const Key = keyOf(organizationId, name);
    if (await head(organizationId, name))
      return compareExisting(organizationId, name, {
        size: options.size,
        digest: await digestOf(body, options),
      });
    const { stream, outcome } = guardedBody(body, options);
    const abort = new AbortController();
    stream.on('error', () => abort.abort());
    const sha256 = options.sha256?.toLowerCase();
    const command = new PutObjectCommand({
      Bucket: bucket,
      Key,
      Body: stream,
      ContentLength: options.size,
      ContentType: 'application/octet-stream',
      IfNoneMatch: '*',
      ...(sha256 ? { Metadata: { sha256 } } : {}),
    });
    if (sha256)
      // The signed payload hash: the bucket refuses a body that does not match it (XAmzContentSHA256Mismatch).
      command.middlewareStack.add(
        (next) => async (args) => {
          (args.request as { headers: Record<string, string> }).headers['x-amz-content-sha256'] = sha256;
          return next(args);
        },
        { step: 'build', name: 'strataPayloadSha256' },
      );
    try {
      await client.send(command, { abortSignal: abort.signal });
      return { created: true, size: options.size };
    } catch (error) {
      if (outcome.failure) throw outcome.failure;
      const code = (error as S3Failure).name;
      // Another process's write of this name completed first (409: a concurrent conditional write).
      if (statusOf(error) === 412 || code === 'PreconditionFailed' || code === 'ConditionalRequestConflict') {
        if (!outcome.digest) await drain(stream, outcome);
        return compareExisting(organizationId, name, { size: options.size, digest: outcome.digest! });
      }
      stream.destroy();
      if (code === 'XAmzContentSHA256Mismatch' || code === 'BadDigest') throw new ChecksumMismatchError();
      throw failureOf(error, `to store ${name}`);
    }
  };

  const remove: RepositoryStore['remove'] = async (organizationId, name) => {
    const found = await head(organizationId, name);
    if (!found) return undefined;
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(organizationId, name) }));
    } catch (error) {
      throw failureOf(error, `to remove ${name}`);
    }
    return found.ContentLength ?? 0;
  };

  return {
    bucket,
    mayHoldFlatFiles: false,
    list,
    stat,
    read,
    writeImmutable,
    remove,
    close: () => client.destroy(),
  };
};
