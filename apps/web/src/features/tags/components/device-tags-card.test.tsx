import { formatMessage, MAX_TAG_LENGTH, messages } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { createTag, tagPage } from '../../../test/tag-factories.ts';
import { DeviceTagsCard } from './device-tags-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const DEVICE_ID = 42;
const PUT = `PUT /devices/${DEVICE_ID}/tags`;

const openCard = (tags: string[], permissions?: string[]) => {
  const fetchMock = mockFetch({
    'GET /auth/me': createMe(permissions),
    'GET /devices/tags': tagPage([createTag({ name: 'linux' }), createTag({ name: 'web' })]),
    [PUT]: ({ body }: { body: unknown }) => body,
  });
  const view = renderRoute(<DeviceTagsCard deviceId={DEVICE_ID} tags={tags} />, { path: '/', url: '/' });
  return { ...view, fetchMock };
};

describe('DeviceTagsCard', { timeout: 20_000 }, () => {
  it("saves the device's whole list when Enter adds a tag", async () => {
    const { user, fetchMock } = openCard(['linux']);
    const input = await screen.findByRole('combobox', { name: 'Tags of this device' });
    await user.type(input, 'db-01{Enter}');
    await waitFor(() => expect(requestBodies(fetchMock, PUT)).toEqual([{ tags: ['linux', 'db-01'] }]));
  });

  it.each([
    ['a space', 'front desk', messages.tags.noSpaces],
    ['a quote', "bob's", messages.tags.noQuotes],
    ['a comma', 'a,b', messages.tags.noCommas],
    ['26 characters', 'x'.repeat(26), formatMessage(messages.tags.maxLength, { limit: MAX_TAG_LENGTH })],
  ])('shows the rule a tag with %s breaks as it is typed, and saves nothing', async (_, text, message) => {
    const { user, fetchMock } = openCard([]);
    const input = await screen.findByRole('combobox', { name: 'Tags of this device' });
    await user.type(input, `${text}{Enter}`);
    expect(screen.getByText(message)).toBeVisible();
    expect(requestBodies(fetchMock, PUT)).toEqual([]);
  });

  it('removes the last tag with Backspace in the empty field', async () => {
    const { user, fetchMock } = openCard(['linux', 'web']);
    const input = await screen.findByRole('combobox', { name: 'Tags of this device' });
    await user.click(input);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(requestBodies(fetchMock, PUT)).toEqual([{ tags: ['linux'] }]));
  });

  it('adds no second tag that differs only in case', async () => {
    const { user, fetchMock } = openCard(['linux']);
    const input = await screen.findByRole('combobox', { name: 'Tags of this device' });
    await user.type(input, 'LINUX{Enter}');
    expect(requestBodies(fetchMock, PUT)).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': tagPage([]),
      [PUT]: () => errorAnswer(422, 'VALIDATION_FAILED', 'tags: Too big'),
    });
    const { user } = renderRoute(<DeviceTagsCard deviceId={DEVICE_ID} tags={[]} />, { path: '/', url: '/' });
    await user.type(await screen.findByRole('combobox', { name: 'Tags of this device' }), 'ok{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('tags: Too big');
  });

  it('shows the tags as text to those who may not change them', async () => {
    openCard(['linux', 'web'], ['devices.view']);
    const list = await screen.findByRole('list', { name: 'Tags of this device' });
    expect(list).toHaveTextContent('linuxweb');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
