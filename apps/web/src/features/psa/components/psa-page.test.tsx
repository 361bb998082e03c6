import { Notifications } from '@mantine/notifications';
import {
  defaultFeatureFlags,
  type PsaAccountMappingRow,
  type PsaConnection,
  type PsaLocationSiteMappingRow,
} from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { PsaPage } from './psa-page.tsx';

const PATH = '/administration/apps/connectwise';
const me = (psa = true) => ({
  ...createMe(['psa.configure', 'settings.view']),
  featureFlags: { ...defaultFeatureFlags, psa_connectwise: psa },
});
const connection = (overrides: Partial<PsaConnection> = {}): PsaConnection => ({
  configured: true,
  site: 'na.myconnectwise.net',
  companyId: 'msp',
  clientId: 'client-1',
  codebase: '',
  hasKeys: true,
  companyTypes: ['Client'],
  companyStatuses: ['Active'],
  syncIntervalSeconds: 14400,
  lastTestTime: null,
  lastTestOk: null,
  lastTestMessage: null,
  nextSyncTime: null,
  updateTime: new Date().toISOString(),
  ...overrides,
});
const location = (overrides: Partial<PsaLocationSiteMappingRow> = {}): PsaLocationSiteMappingRow => ({
  locationId: 11,
  locationName: 'HQ',
  agreementId: null,
  agreementName: null,
  psaSiteId: null,
  psaSiteName: null,
  productMappingId: null,
  productMappingName: null,
  productMappingType: 'CLIENT_DEFAULT',
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  mapped: false,
  ...overrides,
});
const mapping = (overrides: Partial<PsaAccountMappingRow> = {}): PsaAccountMappingRow => ({
  clientId: 1,
  clientName: 'Acme',
  companyId: null,
  companyName: null,
  productMappingId: null,
  productMappingName: null,
  configurationTypeMappingId: null,
  configurationTypeMappingName: null,
  locationSiteMappings: [location()],
  syncError: null,
  lastSyncTime: null,
  ...overrides,
});
const page = (rows: PsaAccountMappingRow[]) => ({ data: rows, count: rows.length, page: 1, pageSize: 25 });
const productMappings = {
  data: [
    { id: 5, name: 'Standard', rules: [], clientCount: 1, updateTime: '' },
    { id: 6, name: 'Servers', rules: [], clientCount: 1, updateTime: '' },
  ],
};

const open = (url = `${PATH}?tab=mappings`) =>
  renderRoute(
    <>
      <Notifications />
      <PsaPage />
    </>,
    { path: PATH, url },
  );

describe('PsaPage', () => {
  it('says the integration is off while the PSA flag is off, and asks nothing of the server', async () => {
    const fetchMock = mockFetch({ 'GET /auth/me': me(false) });
    open();
    expect(await screen.findByText(/The ConnectWise PSA integration is turned off/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/psacw'))).toBe(false);
  });

  it('previews auto-map and sends only the confirmed matches', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /auth/me': me(),
      'GET /psacw/v2/settings': connection(),
      'GET /psacw/v2/mappings': page([mapping(), mapping({ clientId: 2, clientName: 'Globex' })]),
      'POST /psacw/v2/mappings/auto-map/preview': {
        matches: [
          { clientId: 1, clientName: 'Acme', companyId: 70, companyName: 'ACME' },
          { clientId: 2, clientName: 'Globex', companyId: 71, companyName: 'Globex' },
        ],
      },
      'POST /psacw/v2/mappings/auto-map': {
        mapped: [{ clientId: 1, clientName: 'Acme', companyId: 70, companyName: 'ACME' }],
        skipped: [],
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Auto-map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto-map' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Map Globex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Map 1 organization' }));
    expect(await screen.findByText('1 mapped, 0 left as they were')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /psacw/v2/mappings/auto-map')).toEqual([
      { matches: [{ clientId: 1, companyId: 70 }] },
    ]);
  });

  it('shows and reports "Error while auto mapping"', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /auth/me': me(),
      'GET /psacw/v2/settings': connection(),
      'GET /psacw/v2/mappings': page([mapping()]),
      'POST /psacw/v2/mappings/auto-map/preview': () =>
        errorAnswer(
          502,
          'PSA_UPSTREAM_FAILED',
          'Error while auto mapping: ConnectWise failed on GET /company/companies (503 Down).',
        ),
      'POST /help/client-errors': { ok: true },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Auto-map' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error while auto mapping');
    expect(alert).toHaveTextContent('ConnectWise failed on GET /company/companies (503 Down).');
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /help/client-errors')).toContainEqual(
        expect.objectContaining({ source: 'psa.autoMap', status: 502, code: 'PSA_UPSTREAM_FAILED' }),
      ),
    );
  });

  it('clears a mapping only after confirming', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /auth/me': me(),
      'GET /psacw/v2/settings': connection(),
      'GET /psacw/v2/mappings': page([mapping({ companyId: 70, companyName: 'ACME' })]),
      'DELETE /psacw/v2/mappings/1': mapping(),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Clear mapping of Acme' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear the mapping of “Acme”?' });
    expect(requestBodies(fetchMock, 'DELETE /psacw/v2/mappings/1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Clear mapping' }));
    expect(await screen.findByText('Mapping of Acme cleared')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'DELETE /psacw/v2/mappings/1')).toHaveLength(1);
  });

  it('the mapping dialog shows and reports "Error fetching account companies" and "Error fetching company sites"', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /auth/me': me(),
      'GET /psacw/v2/settings': connection(),
      'GET /psacw/v2/mappings': page([mapping({ companyId: 70, companyName: 'ACME' })]),
      'POST /psacw/v2/company/companies': () =>
        errorAnswer(
          502,
          'PSA_UPSTREAM_FAILED',
          'Error fetching account companies: ConnectWise refused the credentials (401).',
        ),
      'GET /psacw/v2/company/companies/70/sites': () =>
        errorAnswer(502, 'PSA_UPSTREAM_FAILED', 'Error fetching company sites: ConnectWise did not answer.'),
      'GET /psacw/v2/product-mappings': productMappings,
      'GET /psacw/v2/configuration-type-mappings': { data: [] },
      'POST /help/client-errors': { ok: true },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Map Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map Acme' });
    expect(await within(dialog).findByText('Error fetching account companies')).toBeInTheDocument();
    expect(await within(dialog).findByText('Error fetching company sites')).toBeInTheDocument();
    expect(within(dialog).getByText('ConnectWise refused the credentials (401).')).toBeInTheDocument();
    await waitFor(() => {
      const sources = requestBodies(fetchMock, 'POST /help/client-errors').map((body) => body.source);
      expect(sources).toEqual(expect.arrayContaining(['psa.companies', 'psa.sites']));
    });
  });

  it('choosing a default product mapping clears the location that had the same one (spec §4), then saves', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /auth/me': me(),
      'GET /psacw/v2/settings': connection(),
      'GET /psacw/v2/mappings': page([
        mapping({
          companyId: 70,
          companyName: 'ACME',
          locationSiteMappings: [
            location({
              psaSiteId: 500,
              psaSiteName: 'Main',
              mapped: true,
              productMappingId: 5,
              productMappingName: 'Standard',
              productMappingType: 'CUSTOM',
            }),
          ],
        }),
      ]),
      'POST /psacw/v2/company/companies': {
        companyList: [{ id: 70, identifier: 'ACME', name: 'ACME', status: 'Active', types: ['Client'] }],
      },
      'GET /psacw/v2/company/companies/70/sites': {
        companySiteList: [{ id: 500, name: 'Main', inactive: false }],
      },
      'GET /psacw/v2/product-mappings': productMappings,
      'GET /psacw/v2/configuration-type-mappings': { data: [] },
      'PUT /psacw/v2/mappings/1': mapping(),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Map Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map Acme' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Default product mapping' }));
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mapping of Acme saved')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'PUT /psacw/v2/mappings/1')).toEqual([
      {
        companyId: 70,
        productMappingId: 5,
        configurationTypeMappingId: null,
        locationSiteMappings: [
          {
            locationId: 11,
            psaSiteId: 500,
            agreementId: null,
            productMappingId: null,
            configurationTypeMappingId: null,
          },
        ],
      },
    ]);
  });

  it('a rule mapping dialog shows and reports "Error fetching groups"', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /auth/me': me(),
      'GET /psacw/v2/settings': connection(),
      'GET /psacw/v2/product-mappings': { data: [] },
      'GET /psacw/v2/configuration-type-mappings': { data: [] },
      'GET /noderole/list': [],
      'GET /searches': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
      'GET /psacw/v2/procurement/catalog': { catalogItemList: [] },
      'POST /help/client-errors': { ok: true },
    });
    open(`${PATH}?tab=products`);
    await user.click(await screen.findByRole('button', { name: 'New mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mapping' });
    expect(await within(dialog).findByText('Error fetching groups')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /help/client-errors').map((body) => body.source)).toContain(
        'psa.groups',
      ),
    );
  });
});
