import { createTheme, MantineProvider } from '@mantine/core';
import { type ReactNode, useEffect, useMemo } from 'react';
import { colorShades } from '../../lib/color-shades.ts';
import { useBrandingQuery } from './queries.ts';

const base = {
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, sans-serif',
} as const;

/** The console's theme: Mantine's blue, or the branding's primary colour as a palette of its own. */
export const brandedTheme = (primaryColor: string | null | undefined) =>
  createTheme(
    primaryColor ? { ...base, colors: { brand: colorShades(primaryColor) }, primaryColor: 'brand' } : base,
  );

/** Mantine with the branded theme, applied as soon as the branding arrives or changes; the tab's title too. */
export const BrandedMantineProvider = ({ children }: { children: ReactNode }) => {
  const { data } = useBrandingQuery();
  const primaryColor = data?.primaryColor;
  const theme = useMemo(() => brandedTheme(primaryColor), [primaryColor]);
  const productName = data?.productName;
  useEffect(() => {
    if (productName) document.title = productName;
  }, [productName]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
};
