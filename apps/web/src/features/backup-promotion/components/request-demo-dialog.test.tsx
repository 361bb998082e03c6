import { demoRequestMessages, messages } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { BackupPromotionCard } from './backup-promotion-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const SUBMIT = 'POST /division/promotion/BackupDemoRequest';
const sent = { resultCode: 'SUCCESS', id: 7, requestedAt: '2026-11-25T10:00:00.000Z' };

const openDialog = async () => {
  const rendered = renderRoute(<BackupPromotionCard />, { path: '/', url: '/' });
  expect(screen.getByRole('heading', { name: 'Protect these devices with backup' })).toBeInTheDocument();
  await rendered.user.click(screen.getByRole('button', { name: 'Request demo' }));
  const dialog = screen.getByRole('dialog', { name: 'Request a backup demo' });
  return {
    ...rendered,
    dialog,
    name: within(dialog).getByRole('textbox', { name: /^Name/ }),
    email: within(dialog).getByRole('textbox', { name: /^Email/ }),
    submit: within(dialog).getByRole('button', { name: 'Submit' }),
  };
};

describe('the Request Demo dialog', () => {
  it('marks both fields required and keeps Submit disabled until both are valid', async () => {
    mockFetch({});
    const { user, dialog, name, email, submit } = await openDialog();
    expect(name).toBeRequired();
    expect(email).toBeRequired();
    expect(submit).toBeDisabled();

    await user.type(name, 'Ann Smith');
    expect(submit).toBeDisabled();
    await user.type(email, 'ann@');
    await user.tab();
    expect(within(dialog).getByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await user.type(email, 'example.com');
    expect(submit).toBeEnabled();
    await user.tab();
    expect(within(dialog).queryByText(messages.validation.invalidEmail)).toBeNull();

    await user.clear(name);
    await user.type(name, '   ');
    await user.tab();
    expect(within(dialog).getByText(messages.validation.mandatory)).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('shows the mandatory message when a field is left empty', async () => {
    mockFetch({});
    const { user, dialog, name, email } = await openDialog();
    await user.click(name);
    await user.click(email);
    expect(within(dialog).getByText(messages.validation.mandatory)).toBeInTheDocument();
  });

  it('sends the trimmed name and email once, then confirms', async () => {
    let release: () => void = () => {};
    const fetchMock = mockFetch({
      [SUBMIT]: () => new Promise((resolve) => (release = () => resolve(sent))),
    });
    const { user, dialog, name, email, submit } = await openDialog();
    await user.type(name, '  Ann Smith ');
    await user.type(email, ' ann@example.com ');
    await user.click(submit);
    // While the request is on its way the fields are locked and the button shows it is working.
    expect(await within(dialog).findByRole('button', { name: 'Submit' })).toHaveAttribute(
      'data-loading',
      'true',
    );
    expect(name).toBeDisabled();
    release();
    expect(await within(dialog).findByText(demoRequestMessages.sent)).toBeInTheDocument();
    expect(requestBodies(fetchMock, SUBMIT)).toEqual([
      { userName: 'Ann Smith', userEmail: 'ann@example.com' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    mockFetch({
      [SUBMIT]: errorAnswer(429, 'DEMO_REQUEST_RATE_LIMITED', demoRequestMessages.DEMO_REQUEST_RATE_LIMITED),
    });
    const { user, dialog, name, email, submit } = await openDialog();
    await user.type(name, 'Ann');
    await user.type(email, 'ann@example.com');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      demoRequestMessages.DEMO_REQUEST_RATE_LIMITED,
    );
    expect(name).toHaveValue('Ann');
    expect(email).toHaveValue('ann@example.com');
    expect(submit).toBeEnabled();
  });
});
