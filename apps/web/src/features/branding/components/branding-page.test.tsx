import { allPermissions } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandingKeys } from '../../../app/branding/queries.ts';
import { createBrandingSettings, createPublicBranding } from '../../../test/branding-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { BrandingPage } from './branding-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const openPage = (page: string, routes: Record<string, unknown>, permissions = [...allPermissions]) => {
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(permissions),
    'GET /branding': createPublicBranding(),
    ...routes,
  });
  const result = renderRoute(<BrandingPage />, {
    path: '/administration/general/branding/:page',
    url: `/administration/general/branding/${page}`,
  });
  return { ...result, fetchMock };
};

const echo = ({ body }: { body: unknown }) => createBrandingSettings(body as object);

describe('the branding page', () => {
  it('saves the product name and colour, and has every page read the branding again', async () => {
    const { user, fetchMock, queryClient } = openPage('general', {
      'GET /settings/branding': createBrandingSettings(),
      'PUT /settings/branding': echo,
    });
    queryClient.setQueryData(brandingKeys.public, createPublicBranding());
    const name = await screen.findByRole('textbox', { name: /Product name/ });
    await user.clear(name);
    await user.type(name, 'Acme IT');
    const colour = screen.getByRole('textbox', { name: /Primary colour/ });
    await user.type(colour, '#12ab9');
    expect(screen.getByText(/A colour as #rrggbb/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(colour, 'f');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'PUT /settings/branding')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'PUT /settings/branding')[0]).toEqual({
      productName: 'Acme IT',
      primaryColor: '#12ab9f',
    });
    // Every page's branding is marked stale, so the theme and header are read again at once.
    await waitFor(() => expect(queryClient.getQueryState(brandingKeys.public)?.isInvalidated).toBe(true));
  });

  it('shows the logo with its size and links to the image editor', async () => {
    openPage('general', {
      'GET /settings/branding': createBrandingSettings({
        logo: {
          url: '/branding/logo?v=1',
          contentType: 'image/png',
          size: 2048,
          width: 512,
          height: 128,
          updatedAt: '2026-11-26T00:00:00.000Z',
        },
      }),
    });
    expect(await screen.findByText(/512 × 128 px/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change logo' })).toHaveAttribute(
      'href',
      '/editor/websiteBranding',
    );
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });

  it('switches help parts, and with help off the parts cannot be switched', async () => {
    const { user, fetchMock } = openPage('help', {
      'GET /settings/branding': createBrandingSettings(),
      'PUT /settings/branding': ({ body }: { body: { help: object } }) =>
        createBrandingSettings({
          help: { enabled: true, articles: true, submitTicket: true, academy: true, ...body.help },
        }),
    });
    await user.click(await screen.findByRole('switch', { name: /Help articles/ }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'PUT /settings/branding')).toEqual([{ help: { articles: false } }]),
    );
    await user.click(screen.getByRole('switch', { name: /^Help(?! articles)/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Submit a ticket/ })).toBeDisabled());
    expect(requestBodies(fetchMock, 'PUT /settings/branding')[1]).toEqual({ help: { enabled: false } });
  });

  it('saves video tutorial links, refusing plain http', async () => {
    const { user, fetchMock } = openPage('videos', {
      'GET /settings/video-tutorials': { topics: [] },
      'PUT /settings/video-tutorials': ({ body }: { body: unknown }) => body,
    });
    const links = await screen.findAllByRole('textbox', { name: 'Link' });
    await user.click(links[5]!);
    await user.paste('http://videos.example.com/backup');
    expect(screen.getByText('An https:// address.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(links[5]!);
    await user.paste('https://videos.example.com/backup');
    await user.click(screen.getByRole('textbox', { name: 'Backup 720p file' }));
    await user.paste('https://videos.example.com/backup-720.mp4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'PUT /settings/video-tutorials')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'PUT /settings/video-tutorials')[0]).toEqual({
      topics: [
        {
          topic: 'backup',
          url: 'https://videos.example.com/backup',
          sources: [{ quality: '720p', url: 'https://videos.example.com/backup-720.mp4' }],
        },
      ],
    });
  });

  it('is read-only without settings.manage', async () => {
    openPage('general', { 'GET /settings/branding': createBrandingSettings() }, ['settings.view']);
    expect(await screen.findByRole('textbox', { name: /Product name/ })).toBeDisabled();
    expect(screen.getByText(/changing them needs the settings permission/)).toBeInTheDocument();
  });
});
