import {
  AcademyLoginParams,
  AcademySettings,
  BrandingSettings,
  HelpTooltipState,
  PublicBranding,
  UpdateAcademySettingsRequest,
  UpdateBrandingRequest,
  UpdateHelpTooltipsRequest,
  UploadLogoRequest,
  VideoTutorialSettings,
  VideoTutorialsResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { academyLoginUrl, getAcademySettings, updateAcademySettings } from './academy-service.ts';
import {
  getBrandingSettings,
  getPublicBranding,
  readLogo,
  removeLogo,
  updateBranding,
  uploadLogo,
} from './service.ts';
import { getHelpTooltips, putHelpTooltips } from './tooltip-service.ts';
import {
  getVideoTutorialSettings,
  listVideoTutorials,
  updateVideoTutorialSettings,
} from './video-service.ts';

const tags = ['branding'];

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  // ------------------------------------------------------------ what every page reads
  app.get(
    '/branding',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Product name, logo, colour and the help menu parts shown (public: the sign-in page shows them)',
        response: { 200: PublicBranding },
      },
    },
    async () => getPublicBranding(app.db),
  );
  app.get(
    '/branding/logo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The logo image (PNG, JPEG or WebP)',
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const logo = await readLogo(app.db);
      // Only the stored, checked type; never sniffed, never run as a document (sandboxed, no script).
      return reply
        .type(logo.contentType)
        .header('content-disposition', 'inline; filename="logo"')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('etag', `"${logo.sha256}"`)
        .header(
          'cache-control',
          request.query.v === logo.sha256.slice(0, 16) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .send(logo.bytes);
    },
  );

  // ------------------------------------------------------------ branding settings
  app.get(
    '/settings/branding',
    {
      config: { access: 'settings.view' },
      schema: { tags, summary: 'Branding settings', response: { 200: BrandingSettings } },
    },
    async () => getBrandingSettings(app.db),
  );
  app.put(
    '/settings/branding',
    {
      config: { access: 'settings.manage', activity: 'settings.branding.update' },
      schema: {
        tags,
        summary: 'Change the product name, primary colour or help flags (only the fields sent)',
        body: UpdateBrandingRequest,
        response: { 200: BrandingSettings },
      },
    },
    async (request) => updateBranding({ db: app.db, actor: actorOf(request), changes: request.body }),
  );
  app.put(
    '/settings/branding/logo',
    {
      config: { access: 'settings.manage', activity: 'settings.branding.logo' },
      schema: {
        tags,
        summary:
          'Upload the logo (base64 PNG, JPEG or WebP, at most 512 KB); a file that is not the image it claims is refused as suspicious (422)',
        body: UploadLogoRequest,
        response: { 200: BrandingSettings },
      },
    },
    async (request) =>
      uploadLogo({
        db: app.db,
        actor: actorOf(request),
        scanner: app.attachments.scanner,
        upload: request.body,
      }),
  );
  app.delete(
    '/settings/branding/logo',
    {
      config: { access: 'settings.manage', activity: 'settings.branding.logo' },
      schema: { tags, summary: 'Remove the logo', response: { 200: BrandingSettings } },
    },
    async (request) => removeLogo({ db: app.db, actor: actorOf(request) }),
  );

  // ------------------------------------------------------------ video tutorials (spec §9)
  app.get(
    '/settings/video-tutorials',
    {
      config: { access: 'settings.view' },
      schema: { tags, summary: 'Video tutorial links per topic', response: { 200: VideoTutorialSettings } },
    },
    async () => getVideoTutorialSettings(app.db),
  );
  app.put(
    '/settings/video-tutorials',
    {
      config: { access: 'settings.manage', activity: 'settings.videoTutorials.update' },
      schema: {
        tags,
        summary: 'Set the video tutorial links (https only; replaces every topic)',
        body: VideoTutorialSettings,
        response: { 200: VideoTutorialSettings },
      },
    },
    async (request) =>
      updateVideoTutorialSettings({ db: app.db, actor: actorOf(request), settings: request.body }),
  );
  app.get(
    '/help/video-tutorials',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The video tutorials the help menu lists',
        response: { 200: VideoTutorialsResponse },
      },
    },
    async () => listVideoTutorials(app.db),
  );

  // ------------------------------------------------------------ help tooltips
  app.get(
    '/help/tooltips',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's dismissed help tooltips",
        response: { 200: HelpTooltipState },
      },
    },
    async (request) => getHelpTooltips({ db: app.db, actor: actorOf(request) }),
  );
  app.put(
    '/help/tooltips',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Set the signed-in user's dismissed help tooltips (replaces the set)",
        body: UpdateHelpTooltipsRequest,
        response: { 200: HelpTooltipState },
      },
    },
    async (request) => putHelpTooltips({ db: app.db, actor: actorOf(request), state: request.body }),
  );

  // ------------------------------------------------------------ academy (spec §7)
  app.get(
    '/settings/academy',
    {
      config: { access: 'settings.view' },
      schema: {
        tags,
        summary: 'Academy settings (the secret is never answered)',
        response: { 200: AcademySettings },
      },
    },
    async () => getAcademySettings(app.db),
  );
  app.put(
    '/settings/academy',
    {
      config: { access: 'settings.manage', activity: 'settings.academy.update' },
      schema: {
        tags,
        summary: 'Change the academy settings (only the fields sent; secret null removes it)',
        body: UpdateAcademySettingsRequest,
        response: { 200: AcademySettings },
      },
    },
    async (request) =>
      updateAcademySettings({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        changes: request.body,
      }),
  );
  // Spec §7: a GET that signs the user in elsewhere, so it is Origin-checked like a POST.
  app.get(
    '/ws/integrations/:provider/login',
    {
      config: { access: 'authenticated', stateChanging: true, activity: 'academy.login' },
      schema: {
        tags,
        summary:
          'Open the academy: redirect (302) to it with a signed HS256 token (?jwt=) for the signed-in user; 404 when not configured',
        params: AcademyLoginParams,
      },
    },
    async (request, reply) => {
      const url = await academyLoginUrl({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        provider: request.params.provider,
        issuer: new URL(app.config.publicUrl ?? `${request.protocol}://${request.host}`).origin,
      });
      // The token is in the URL: no cache may keep the answer, and no referrer carries it on.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(url, 302);
    },
  );
};
