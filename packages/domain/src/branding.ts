import * as z from 'zod';
import { VideoResolution, VideoTutorialTopic } from './constant-schemas.ts';
import { videoResolutions, videoTutorialTopicLabels, videoTutorialTopics } from './constants.ts';

/**
 * Branding, video tutorials, help tooltips and the academy (issue 16 items 7-10; spec §2 branding routes,
 * §6 "Help menu visibility follows branding settings", §7 the training-platform login, §8 image and tooltip
 * messages, §9 video tutorial topics and qualities). Paths: `apiPaths.branding*`, `videoTutorial*`,
 * `academy*`, `helpTooltips` (api-paths.ts); docs/decisions.md "Branding, video tutorials, tooltips, academy".
 */

export const DEFAULT_PRODUCT_NAME = 'RMM Console';
export const PRODUCT_NAME_MAX_LENGTH = 60;
/** `#rrggbb`: the primary colour the console's theme is built from. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The logo's stored size limit: the console sends a PNG resized to LOGO_MAX_DIMENSION, far below it. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The longest side of the logo the console's image editor resizes to. */
export const LOGO_MAX_DIMENSION = 512;
/** The server refuses larger images (whatever sent them): a logo is never this big. */
export const LOGO_SERVER_MAX_DIMENSION = 2048;
export const logoImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoImageType = (typeof logoImageTypes)[number];

/** Error codes of a logo upload: the console shows spec §8's texts for them. */
export const brandingErrorCodes = {
  /** The file is not the image it claims (wrong magic bytes, markup or script inside, data after the end). */
  imageSuspicious: 'IMAGE_SUSPICIOUS',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  imageInvalid: 'IMAGE_INVALID',
} as const;

export const HelpFlags = /* @__PURE__ */ z.object({
  /** Off hides the whole help menu (its header button). */
  enabled: z.boolean(),
  articles: z.boolean(),
  submitTicket: z.boolean(),
  academy: z.boolean(),
});
export type HelpFlags = z.infer<typeof HelpFlags>;

export const defaultHelpFlags: HelpFlags = {
  enabled: true,
  articles: true,
  submitTicket: true,
  academy: true,
};

export const HexColor = /* @__PURE__ */ z
  .string()
  .regex(HEX_COLOR_PATTERN, 'A colour as #rrggbb.')
  .transform((hex) => hex.toLowerCase());

export const LogoInfo = /* @__PURE__ */ z.object({
  /** `/branding/logo?v=<content hash>`: a new logo is a new URL. */
  url: z.string(),
  contentType: z.enum(logoImageTypes),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  updatedAt: z.string(),
});
export type LogoInfo = z.infer<typeof LogoInfo>;

/** `GET/PUT /settings/branding` (settings.view / settings.manage). */
export const BrandingSettings = /* @__PURE__ */ z.object({
  productName: z.string(),
  /** null: the console's default blue. */
  primaryColor: z.string().nullable(),
  help: HelpFlags,
  logo: LogoInfo.nullable(),
});
export type BrandingSettings = z.infer<typeof BrandingSettings>;

/** Only the fields to change; the logo has its own upload. */
export const UpdateBrandingRequest = /* @__PURE__ */ z
  .object({
    productName: z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH),
    primaryColor: HexColor.nullable(),
    help: HelpFlags.partial().strict(),
  })
  .partial()
  .strict();
export type UpdateBrandingRequest = z.input<typeof UpdateBrandingRequest>;

/** `PUT /settings/branding/logo`: the image as base64, like spec §7's attachment upload `{file, fileName}`. */
export const UploadLogoRequest = /* @__PURE__ */ z
  .object({
    // Room for a file a little over the limit, so that the server answers "too large" itself (413).
    file: z
      .string()
      .max(Math.ceil((LOGO_MAX_BYTES * 2 * 4) / 3))
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Base64.'),
    fileName: z.string().min(1).max(255),
    /** The type the file claims; checked against its bytes. */
    mimeType: z.string().max(100),
  })
  .strict();
export type UploadLogoRequest = z.infer<typeof UploadLogoRequest>;

/**
 * `GET /branding` (public: the sign-in page shows the name and logo): what every page of the console
 * reads. Each help part is already combined with `help.enabled` (and the academy with its settings).
 */
export const PublicBranding = /* @__PURE__ */ z.object({
  productName: z.string(),
  primaryColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  help: z.object({
    enabled: z.boolean(),
    articles: z.boolean(),
    submitTicket: z.boolean(),
    academy: z.boolean(),
    /** At least one video tutorial is configured. */
    videoTutorials: z.boolean(),
  }),
  /** The academy link (`GET /ws/integrations/{provider}/login`), when configured and enabled. */
  academy: z.object({ name: z.string(), loginPath: z.string() }).nullable(),
});
export type PublicBranding = z.infer<typeof PublicBranding>;

// ------------------------------------------------------------------ video tutorials (spec §9)

/** Only https links: a video opened from the console never downgrades to plain http. */
export const HttpsUrl = /* @__PURE__ */ z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'An https:// address.');

export const VideoSource = /* @__PURE__ */ z.object({ quality: VideoResolution, url: HttpsUrl });
export type VideoSource = z.infer<typeof VideoSource>;

export const VideoTutorialSetting = /* @__PURE__ */ z
  .object({
    topic: VideoTutorialTopic,
    /** The tutorial's page (a video site's page, say); null when only per-quality files are given. */
    url: HttpsUrl.nullable(),
    /** Direct video files, one per quality at most. */
    sources: z
      .array(VideoSource)
      .max(videoResolutions.length)
      .refine(
        (sources) => new Set(sources.map((s) => s.quality)).size === sources.length,
        'Each quality once.',
      ),
  })
  .strict()
  .refine((topic) => topic.url !== null || topic.sources.length > 0, 'A link or at least one quality.');
export type VideoTutorialSetting = z.infer<typeof VideoTutorialSetting>;

/** `GET/PUT /settings/video-tutorials`: the configured topics (a topic left out has no tutorial). */
export const VideoTutorialSettings = /* @__PURE__ */ z
  .object({
    topics: z
      .array(VideoTutorialSetting)
      .max(videoTutorialTopics.length)
      .refine((topics) => new Set(topics.map((t) => t.topic)).size === topics.length, 'Each topic once.'),
  })
  .strict();
export type VideoTutorialSettings = z.infer<typeof VideoTutorialSettings>;

/** `GET /help/video-tutorials`: what the help panel lists, in spec §9's topic order, sources 240p first. */
export const VideoTutorialsResponse = /* @__PURE__ */ z.object({
  topics: z.array(
    z.object({
      topic: VideoTutorialTopic,
      title: z.string(),
      url: z.string().nullable(),
      sources: z.array(VideoSource),
    }),
  ),
});
export type VideoTutorialsResponse = z.infer<typeof VideoTutorialsResponse>;

export const videoTutorialTitle = (topic: VideoTutorialTopic) => videoTutorialTopicLabels[topic];

// ------------------------------------------------------------------ help tooltips (spec §7, §8)

export const HELP_TOOLTIP_ID_PATTERN = /^[a-z][a-zA-Z0-9.-]{0,63}$/;
export const HELP_TOOLTIPS_MAX = 200;
/** The tooltips the console shows (ids are stable: a dismissed id stays dismissed). */
export const helpTooltipIds = {
  deviceSearch: 'deviceSearch.criteria',
  scheduledTasks: 'scheduledTasks.list',
} as const;

/** `GET /help/tooltips`: the signed-in user's dismissed tooltips, sorted. */
export const HelpTooltipState = /* @__PURE__ */ z.object({ dismissed: z.array(z.string()) });
export type HelpTooltipState = z.infer<typeof HelpTooltipState>;

/** `PUT /help/tooltips`: the whole dismissed set (it replaces the stored one; duplicates are merged). */
export const UpdateHelpTooltipsRequest = /* @__PURE__ */ z.object({
  dismissed: z
    .array(z.string().regex(HELP_TOOLTIP_ID_PATTERN))
    .max(HELP_TOOLTIPS_MAX)
    .transform((ids) => [...new Set(ids)].sort()),
});
export type UpdateHelpTooltipsRequest = z.input<typeof UpdateHelpTooltipsRequest>;

// ------------------------------------------------------------------ academy (spec §7)

export const ACADEMY_PROVIDER_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** JWT_HS256: a signed token in the redirect; NONE: a plain link, the academy asks the user to sign in. */
export const academySsoMethods = ['JWT_HS256', 'NONE'] as const;
export type AcademySsoMethod = (typeof academySsoMethods)[number];
export const ACADEMY_TOKEN_TTL_SECONDS = 300;
/** The query parameter of the redirect that carries the token. */
export const ACADEMY_TOKEN_PARAMETER = 'jwt';
export const ACADEMY_SECRET_MIN_LENGTH = 32;

export const AcademySettings = /* @__PURE__ */ z.object({
  enabled: z.boolean(),
  /** The path segment of `/ws/integrations/{provider}/login`. */
  provider: z.string(),
  /** Shown in the help menu. */
  name: z.string(),
  /** Where the user is sent (the academy's SSO endpoint); the token is added as `?jwt=`. */
  baseUrl: z.string(),
  ssoMethod: z.enum(academySsoMethods),
  /** Whether a signing secret is stored (the secret itself is never answered). */
  secretSet: z.boolean(),
  /** `/ws/integrations/{provider}/login`, or null when not configured. */
  loginPath: z.string().nullable(),
});
export type AcademySettings = z.infer<typeof AcademySettings>;

export const UpdateAcademySettingsRequest = /* @__PURE__ */ z
  .object({
    enabled: z.boolean(),
    provider: z.string().regex(ACADEMY_PROVIDER_PATTERN, 'Lower-case letters, digits and dashes.'),
    name: z.string().trim().min(1).max(60),
    baseUrl: HttpsUrl,
    ssoMethod: z.enum(academySsoMethods),
    /** A new signing secret; null removes it; left out keeps it. */
    secret: z.string().min(ACADEMY_SECRET_MIN_LENGTH).max(512).nullable(),
  })
  .partial()
  .strict();
export type UpdateAcademySettingsRequest = z.input<typeof UpdateAcademySettingsRequest>;

export const AcademyLoginParams = /* @__PURE__ */ z.object({
  provider: z.string().max(40),
});

export const academyMessages = {
  needsSecret: `Single sign-on with a signed token needs a secret of at least ${ACADEMY_SECRET_MIN_LENGTH} characters.`,
  incomplete: 'An enabled academy needs a provider, a name and an https:// address.',
} as const;
