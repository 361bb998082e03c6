import { formatMessage, messages } from '@rmm/domain';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { parseDomainMessage, useDomainMessage } from './use-domain-message.ts';

describe('parseDomainMessage', () => {
  it('finds the id and values behind a filled-in message', () => {
    expect(parseDomainMessage('Value must be greater than or equal to 5')).toEqual({
      id: 'numeric.greaterThanOrEqual',
      params: { min: '5' },
    });
    expect(parseDomainMessage('Value must be greater than 5')).toEqual({
      id: 'numeric.greaterThan',
      params: { min: '5' },
    });
    expect(parseDomainMessage(messages.tags.noSpaces)).toEqual({ id: 'tags.noSpaces', params: {} });
  });

  it('leaves other text alone', () => {
    expect(parseDomainMessage('Name already taken')).toBeUndefined();
  });
});

describe('useDomainMessage', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );

  it('shows a domain message through the catalog with its values filled in', () => {
    const { result } = renderHook(() => useDomainMessage(), { wrapper });
    const text = formatMessage(messages.numeric.maxDecimals, { n: 4 });
    expect(result.current(text)).toBe('Can contain up to 4 decimal places');
    expect(result.current('Name already taken')).toBe('Name already taken');
    expect(result.current(undefined)).toBeUndefined();
  });
});
