import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manifestOf, removeDir, tempDir, textContent } from '../test/fixtures.ts';
import { main } from './cli.ts';

/** Runs the command line in this process; returns its exit code and what it printed. */
const run = async (...argv: string[]) => {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
};

describe('strata command line', () => {
  let dir: string;
  let repo: string;
  let source: string;

  beforeEach(async () => {
    dir = await tempDir();
    repo = path.join(dir, 'repo');
    source = path.join(dir, 'source');
    await fsp.mkdir(path.join(source, 'docs'), { recursive: true });
    await fsp.writeFile(path.join(source, 'docs/a.txt'), textContent('cli', 10_000));
    await fsp.writeFile(path.join(source, 'b.txt'), 'b');
    vi.stubEnv('STRATA_PASSWORD', 'pass phrase');
  });
  afterEach(() => removeDir(dir));

  it('initializes, backs up, lists, restores, checks, copies, forgets and prunes', async () => {
    expect((await run('init', '--repo', repo)).code).toBe(0);
    const backedUp = await run('backup', source, '--repo', repo, '--plan', 'p1', '--device', 'd1', '--json');
    expect(backedUp.code).toBe(0);
    const { snapshot } = JSON.parse(backedUp.stdout);
    expect(snapshot.stats.filesNew).toBe(2);

    const listed = await run('snapshots', '--repo', repo);
    expect(listed.stdout).toContain(snapshot.id.slice(0, 12));
    expect(
      (await run('ls', snapshot.id.slice(0, 8), path.join(source, 'docs'), '--repo', repo)).stdout,
    ).toContain('"a.txt"');

    const target = path.join(dir, 'restored');
    expect((await run('restore', 'latest', '--repo', repo, '--target', target)).code).toBe(0);
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));

    expect((await run('check', '--read-data', '--repo', repo)).stdout).toMatch(/^no errors: 1 snapshots/);

    const copyRepo = path.join(dir, 'copy');
    expect((await run('init', '--repo', copyRepo, '--copy-of', repo)).code).toBe(0);
    expect((await run('copy', '--repo', repo, '--to', copyRepo)).stdout).toContain('copied 1 snapshot(s)');

    expect((await run('forget', snapshot.id, '--repo', repo)).stdout).toContain('forgot');
    expect((await run('prune', '--repo', repo)).stdout).toContain('removed 0 snapshot(s) (1 still held)');
    expect((await run('prune', '--repo', repo, '--hold-hours', '0')).stdout).toContain(
      'removed 1 snapshot(s)',
    );
  });

  it('refuses a wrong password and explains wrong usage', async () => {
    await run('init', '--repo', repo);
    vi.stubEnv('STRATA_PASSWORD', 'not it');
    const wrong = await run('snapshots', '--repo', repo);
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining('WRONG_KEY') });
    expect((await run('backup', '--repo', repo)).code).toBe(2);
    expect((await run('nonsense')).code).toBe(2);
  });

  it('restores with an organization key file alone', async () => {
    await run('init', '--repo', repo);
    const keyFile = path.join(dir, 'org.key');
    expect(
      (await run('key', 'add', '--repo', repo, '--org-key-out', keyFile, '--organization', 'org-7')).code,
    ).toBe(0);
    await run('backup', source, '--repo', repo, '--plan', 'p', '--device', 'd');
    vi.stubEnv('STRATA_PASSWORD', '');
    const zip = path.join(dir, 'out.zip');
    const extracted = await run(
      'extract',
      'latest',
      '--repo',
      repo,
      '--org-key',
      keyFile,
      '--output',
      zip,
      '--path',
      path.join(source, 'docs'),
    );
    expect(extracted.stdout).toContain('1 files');
    expect((await fsp.stat(zip)).size).toBeGreaterThan(100);
  });
});
