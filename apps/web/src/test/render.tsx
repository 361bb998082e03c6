import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';

type UserEventOptions = Parameters<typeof userEvent.setup>[0];

// Mantine's test env renders without transitions or portals, so what opens is in the DOM at once.
const TestProviders = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider env="test">{children}</MantineProvider>
  </I18nextProvider>
);

/** Renders inside the console's i18n and Mantine providers; `user` types, pastes and clicks like a person. */
export const renderWithProviders = (
  ui: ReactElement,
  { userOptions, ...options }: Omit<RenderOptions, 'wrapper'> & { userOptions?: UserEventOptions } = {},
) => ({ user: userEvent.setup(userOptions), ...render(ui, { wrapper: TestProviders, ...options }) });
