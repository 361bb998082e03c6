import type { BrandingSettings, PublicBranding } from '@rmm/domain';
import { DEFAULT_PRODUCT_NAME, defaultHelpFlags } from '@rmm/domain';

/** `GET /branding` as the server answers it, with overrides (help parts merged). */
export const createPublicBranding = (
  overrides: Partial<Omit<PublicBranding, 'help'>> & { help?: Partial<PublicBranding['help']> } = {},
): PublicBranding => ({
  productName: DEFAULT_PRODUCT_NAME,
  primaryColor: null,
  logoUrl: null,
  academy: null,
  ...overrides,
  help: {
    enabled: true,
    articles: true,
    submitTicket: true,
    academy: false,
    videoTutorials: false,
    ...overrides.help,
  },
});

/** `GET /settings/branding`, with overrides. */
export const createBrandingSettings = (overrides: Partial<BrandingSettings> = {}): BrandingSettings => ({
  productName: DEFAULT_PRODUCT_NAME,
  primaryColor: null,
  help: defaultHelpFlags,
  logo: null,
  ...overrides,
});
