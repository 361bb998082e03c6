import { Button, useMantineTheme } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { colorShades } from '../../lib/color-shades.ts';
import { createPublicBranding } from '../../test/branding-factories.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { createTestQueryClient } from '../../test/render-route.tsx';
import { BrandTitle } from './brand-title.tsx';
import { BrandedMantineProvider } from './branded-theme.tsx';

afterEach(() => vi.unstubAllGlobals());

const ThemeProbe = () => {
  const theme = useMantineTheme();
  return (
    <>
      <output aria-label="primary">{`${theme.primaryColor} ${theme.colors[theme.primaryColor]?.[6]}`}</output>
      <Button>Save</Button>
      <BrandTitle />
    </>
  );
};

const renderBranded = () =>
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <BrandedMantineProvider>
        <ThemeProbe />
      </BrandedMantineProvider>
    </QueryClientProvider>,
  );

describe('the branded theme', () => {
  it('applies the primary colour, the product name and the logo from the branding', async () => {
    mockFetch({
      'GET /branding': createPublicBranding({
        productName: 'Acme IT',
        primaryColor: '#12ab9f',
        logoUrl: '/branding/logo?v=abc',
      }),
    });
    renderBranded();
    expect(await screen.findByRole('heading', { name: 'Acme IT' })).toBeInTheDocument();
    expect(screen.getByLabelText('primary')).toHaveTextContent('brand #12ab9f');
    // Mantine writes the palette into its CSS variables: buttons take the brand colour.
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled)');
    expect(css).toMatch(/--mantine-color-brand-6: #12ab9f/);
    expect(document.querySelector('img')).toHaveAttribute('src', '/branding/logo?v=abc');
    expect(document.title).toBe('Acme IT');
  });

  it("keeps Mantine's blue without a colour", async () => {
    mockFetch({ 'GET /branding': createPublicBranding({ productName: 'Plain' }) });
    renderBranded();
    await screen.findByRole('heading', { name: 'Plain' });
    expect(screen.getByLabelText('primary')).toHaveTextContent(/^blue /);
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('colorShades', () => {
  it('makes ten shades from light to dark with the colour itself at index 6', () => {
    const shades = colorShades('#12ab9f');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#12ab9f');
    const lightness = shades.map(
      (hex) => Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16),
    );
    expect([...lightness].sort((a, b) => b - a)).toEqual(lightness);
  });
});
