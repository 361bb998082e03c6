import { Notifications } from '@mantine/notifications';
import { allPermissions, backupErrorMessages, messages } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createJobDetail, meAnswer } from '../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { BackupJobView } from './backup-job-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const SHA256 = 'a'.repeat(64);

/** A finished EXTRACT restore job, its agent's report naming the zip it uploaded. */
const extractJob = (overrides: Parameters<typeof createJobDetail>[0] = {}) =>
  createJobDetail({
    jobType: 'RESTORE',
    jobName: 'Download report.txt from Documents',
    jobStatus: 'COMPLETED',
    jobResult: 'SUCCESS',
    resultContent: {
      backup: { extract: { files: 1, dirs: 0, bytes: 36_000, zipBytes: 2_048, sha256: SHA256 } },
    },
    ...overrides,
  });

/** `GET /backup/strata/extracts/{jobUid}`'s answer: a signed URL valid until `expiresInMs` from now. */
const signedDownload = (jobUid: string, { expiresInMs = 15 * 60_000, signature = 'first' } = {}) => ({
  jobUid,
  fileName: `extract-${jobUid}.zip`,
  size: 2_048,
  sha256: SHA256,
  url: `/backup/strata/extracts/${jobUid}/content?expires=1&signature=${signature}`,
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
});

const show = (
  job: ReturnType<typeof extractJob>,
  routes: Record<string, unknown>,
  { withNotifications = false } = {},
) => {
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer([...allPermissions]),
    [`GET /webapp/job/${job.jobUid}`]: { job },
    ...routes,
  });
  const rendered = renderRoute(
    <>
      {withNotifications && <Notifications />}
      <BackupJobView jobUid={job.jobUid} isExtract />
    </>,
    { path: '/', url: '/' },
  );
  return { ...rendered, fetchMock, extractRoute: `GET /backup/strata/extracts/${job.jobUid}` };
};

describe('the zip of an EXTRACT restore job', { timeout: 30_000 }, () => {
  it('is not asked for while the job runs', async () => {
    const job = extractJob({ jobStatus: 'IN_PROGRESS', jobResult: null, resultContent: null });
    const { fetchMock, extractRoute } = show(job, {});
    expect(await screen.findByText('The device is working on it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download the zip' })).not.toBeInTheDocument();
    expect(requestBodies(fetchMock, extractRoute)).toHaveLength(0);
  });

  it('is offered once the job completed: the signed URL read from the server is the download link', async () => {
    const job = extractJob();
    const { fetchMock, extractRoute } = show(job, {
      [`GET /backup/strata/extracts/${job.jobUid}`]: signedDownload(job.jobUid),
    });
    const report = await screen.findByTestId('backup-job-report');
    expect(report).toHaveTextContent('Zip of 1 file (35.2 KB): 2 KB to download');
    expect(screen.getByText('Getting the download link of the zip…')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download the zip' });
    expect(link).toHaveAttribute(
      'href',
      `/backup/strata/extracts/${job.jobUid}/content?expires=1&signature=first`,
    );
    expect(link).toHaveAttribute('download', `extract-${job.jobUid}.zip`);
    expect(screen.getByTestId('backup-extract')).toHaveTextContent('2 KB zip');
    expect(requestBodies(fetchMock, extractRoute)).toHaveLength(1);
  });

  it('asks for a fresh link when the one shown is about to expire, and downloads through it', async () => {
    const job = extractJob();
    const answers = [
      signedDownload(job.jobUid, { expiresInMs: 10_000, signature: 'old' }),
      signedDownload(job.jobUid, { signature: 'fresh' }),
    ];
    const { user, fetchMock, extractRoute } = show(job, {
      [`GET /backup/strata/extracts/${job.jobUid}`]: () => answers.shift(),
    });
    const downloaded: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded.push(`${this.getAttribute('href')} as ${this.download}`);
    });
    onTestFinished(() => click.mockRestore());
    const link = await screen.findByRole('link', { name: 'Download the zip' });
    expect(link.getAttribute('href')).toContain('signature=old');
    await user.click(link);
    await waitFor(() =>
      expect(downloaded).toEqual([
        `/backup/strata/extracts/${job.jobUid}/content?expires=1&signature=fresh as extract-${job.jobUid}.zip`,
      ]),
    );
    expect(requestBodies(fetchMock, extractRoute)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download the zip' }).getAttribute('href')).toContain(
      'signature=fresh',
    );
  });

  it('says "Backup loading error" with the server’s reason when a fresh link cannot be had', async () => {
    const job = extractJob();
    const answers: unknown[] = [
      signedDownload(job.jobUid, { expiresInMs: 10_000 }),
      errorAnswer(500, 'INTERNAL', 'The blob store did not answer.'),
    ];
    const { user } = show(
      job,
      { [`GET /backup/strata/extracts/${job.jobUid}`]: () => answers.shift() },
      { withNotifications: true },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => click.mockRestore());
    await user.click(await screen.findByRole('link', { name: 'Download the zip' }));
    expect(await screen.findByText('The blob store did not answer.')).toBeInTheDocument();
    expect(screen.getByText(messages.backup.loadingError)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('says when the server no longer keeps the zip', async () => {
    const job = extractJob();
    show(job, {
      [`GET /backup/strata/extracts/${job.jobUid}`]: errorAnswer(
        404,
        'BACKUP_EXTRACT_NOT_FOUND',
        backupErrorMessages.BACKUP_EXTRACT_NOT_FOUND,
      ),
    });
    expect(await screen.findByTestId('backup-extract-gone')).toHaveTextContent(
      'The zip is no longer on the server: zips are removed some hours after they are made.',
    );
    expect(screen.queryByRole('link', { name: 'Download the zip' })).not.toBeInTheDocument();
  });

  it('says "Backup loading error" with the server’s reason when the link cannot be read, and tries again', async () => {
    const job = extractJob();
    const answers: unknown[] = [
      errorAnswer(500, 'INTERNAL', 'The blob store did not answer.'),
      signedDownload(job.jobUid),
    ];
    const { user } = show(job, {
      [`GET /backup/strata/extracts/${job.jobUid}`]: () => answers.shift(),
    });
    const alert = await screen.findByRole('alert', { name: messages.backup.loadingError });
    expect(alert).toHaveTextContent('The blob store did not answer.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Download the zip' })).toBeInTheDocument();
  });
});
