import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { LicenseDriftTable } from './license-drift-table.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('an organization’s license drift', { timeout: 60_000 }, () => {
  it('says a counted source is counted at invoicing and highlights a fixed one’s difference with its unit', async () => {
    mockFetch({
      'GET /billing/license-drift': {
        data: [
          {
            organizationId: 4,
            organizationName: 'Acme',
            hasDrift: true,
            lines: [
              { source: 'DEVICES', billed: 12, deployed: 12, countedLines: 1, difference: 0 },
              { source: 'END_USERS', billed: 5, deployed: 7, countedLines: 0, difference: 2 },
              { source: 'BACKUP_DEVICES', billed: 0, deployed: 0, countedLines: 0, difference: 0 },
              { source: 'BACKUP_STORAGE_GB', billed: 1, deployed: 1.3, countedLines: 0, difference: 0.3 },
            ],
          },
        ],
        count: 1,
        page: 1,
        pageSize: 25,
      },
    });
    renderRoute(<LicenseDriftTable organizationId={4} />, { path: '/', url: '/' });
    const table = await screen.findByRole('table', { name: 'License drift' });
    const row = (what: string) => within(table).getByRole('row', { name: new RegExp(`^${what}`) });
    expect(row('Devices').textContent).toBe('Devices (agents)12(counted)12Counted at invoicing');
    expect(within(row('End users')).getByText('Under-billed by 2 end users')).toBeInTheDocument();
    expect(within(row('Backed-up devices')).getByText('No difference')).toBeInTheDocument();
    expect(row('Backup storage').textContent).toBe('Backup storage (GB)1.001.30Under-billed by 0.30 GB');
  });
});
