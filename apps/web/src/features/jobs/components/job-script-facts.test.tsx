import { jobPath, type StoredJob } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobDetail, meAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createCredential, credentialListAnswer } from '../../../test/run-script-factories.ts';
import { JobDetailsDrawer } from './job-details-drawer.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The job drawer of one stored job, with the credentials of its organization (organization 3). */
const openJob = (content: StoredJob['content'], permissions = ['jobs.view', 'credentials.view']) => {
  const job = createJobDetail({ organizationId: 3, jobName: 'Clean up disk', content });
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(permissions),
    [`GET ${jobPath(job.jobUid)}`]: { resultCode: 'SUCCESS', job },
    'GET /credential/organization/3/list': credentialListAnswer(
      createCredential({ id: 8, organizationId: 3, name: 'Ops account', kind: 'LINUX' }),
    ),
  });
  renderRoute(<JobDetailsDrawer jobUid={job.jobUid} onClose={() => {}} />, { path: '/', url: '/' });
  return { fetchMock };
};

const row = (table: HTMLElement, label: string) =>
  within(table).getByText(label, { selector: 'th' }).closest('tr')!;

describe('a script job in the job drawer', { timeout: 20_000 }, () => {
  it('shows the library script, its version, the values in order and the credential by name', async () => {
    openJob({
      script: { scriptId: 5, version: 3, name: 'Clean up disk', language: 'bash', code: 'rm -rf "$1"/old' },
      parameters: ['/var/tmp', '', 'C:\\Temp dir'],
      runAs: { credentialId: 8 },
      timeoutSeconds: 900,
    });
    const facts = await screen.findByTestId('job-script');
    expect(row(facts, 'Script')).toHaveTextContent('Clean up disk');
    expect(row(facts, 'Version')).toHaveTextContent('3');
    const values = within(facts).getByRole('list', { name: 'Parameters' });
    expect(
      within(values)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/var/tmp', '(default)', 'C:\\Temp dir']);
    expect(await within(row(facts, 'Run as')).findByText('Ops account (Linux)')).toBeInTheDocument();
    expect(row(facts, 'Timeout')).toHaveTextContent('900 s');
    // The code ran is the job's own, not shown as facts; no secret is anywhere.
    expect(facts).not.toHaveTextContent(/password/i);
  });

  it('shows ad-hoc code by its language and a run-as option by its label, without asking for credentials', async () => {
    const { fetchMock } = openJob({
      script: { language: 'powershell', code: 'Get-Service' },
      parameters: [],
      runAs: 'PREFERRED_WINDOWS_LOCAL_ADMIN',
      timeoutSeconds: 60,
    });
    const facts = await screen.findByTestId('job-script');
    expect(row(facts, 'Script')).toHaveTextContent('Ad-hoc code (PowerShell)');
    expect(within(facts).queryByText('Version', { selector: 'th' })).toBeNull();
    expect(row(facts, 'Parameters')).toHaveTextContent('None');
    expect(row(facts, 'Run as')).toHaveTextContent('Preferred Windows local admin');
    expect(requestBodies(fetchMock, 'GET /credential/organization/3/list')).toEqual([]);
  });

  it('shows no script facts for a built-in action', async () => {
    openJob({ builtin: 'REBOOT' });
    expect(await screen.findByText('Job ID')).toBeInTheDocument();
    expect(screen.queryByTestId('job-script')).toBeNull();
  });
});
