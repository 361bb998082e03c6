import { createHash } from 'node:crypto';
import {
  type BrandingSettings,
  brandingErrorCodes,
  DEFAULT_PRODUCT_NAME,
  defaultHelpFlags,
  type HelpFlags,
  LOGO_MAX_BYTES,
  type LogoImageType,
  type LogoInfo,
  messages,
  type PublicBranding,
  type UpdateBrandingRequest,
  type UploadLogoRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { ClamdError } from '../attachments/clamd.ts';
import type { Scanner } from '../attachments/scanner.ts';
import { getSetting, putSetting } from '../settings/repository.ts';
import { academyLink } from './academy-service.ts';
import { checkImage } from './image-check.ts';
import * as repo from './repository.ts';
import { hasVideoTutorials } from './video-service.ts';

const BRANDING_KEY = 'branding';

type Stored = { productName: string; primaryColor: string | null; help: HelpFlags };

const defaults: Stored = { productName: DEFAULT_PRODUCT_NAME, primaryColor: null, help: defaultHelpFlags };

const readStored = async (db: DbOrTx): Promise<Stored> => {
  const stored = (await getSetting<Partial<Stored>>(db, BRANDING_KEY)) ?? {};
  // A help flag added later takes its default until changed.
  return { ...defaults, ...stored, help: { ...defaultHelpFlags, ...(stored.help ?? {}) } };
};

const logoOf = async (db: DbOrTx): Promise<LogoInfo | null> => {
  const row = await repo.findImageMeta(db, repo.LOGO_KEY);
  if (!row) return null;
  return {
    url: `/branding/logo?v=${row.sha256.slice(0, 16)}`,
    contentType: row.contentType as LogoImageType,
    size: row.size,
    width: row.width,
    height: row.height,
    updatedAt: row.updatedAt.toISOString(),
  };
};

export const getBrandingSettings = async (db: DbOrTx): Promise<BrandingSettings> => ({
  ...(await readStored(db)),
  logo: await logoOf(db),
});

const activity = (actor: Actor, action: string, detail: unknown) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'settings',
  targetName: 'Branding',
  outcome: 'SUCCESS' as const,
  detail: JSON.stringify(detail),
});

export const updateBranding = async ({
  db,
  actor,
  changes,
}: {
  db: Db;
  actor: Actor;
  changes: z.output<typeof UpdateBrandingRequest>;
}) =>
  db.transaction(async (tx) => {
    const current = await readStored(tx);
    const next: Stored = {
      productName: changes.productName ?? current.productName,
      primaryColor: changes.primaryColor === undefined ? current.primaryColor : changes.primaryColor,
      help: { ...current.help, ...(changes.help ?? {}) },
    };
    await putSetting(tx, BRANDING_KEY, next);
    await insertActivity(tx, activity(actor, 'settings.branding.update', changes));
    return getBrandingSettings(tx);
  });

/** What every page reads (`GET /branding`, public): each help part already combined with `help.enabled`. */
export const getPublicBranding = async (db: DbOrTx): Promise<PublicBranding> => {
  const stored = await readStored(db);
  const on = stored.help.enabled;
  const academy = on && stored.help.academy ? await academyLink(db) : null;
  const logo = await logoOf(db);
  return {
    productName: stored.productName,
    primaryColor: stored.primaryColor,
    logoUrl: logo?.url ?? null,
    help: {
      enabled: on,
      articles: on && stored.help.articles,
      submitTicket: on && stored.help.submitTicket,
      academy: academy !== null,
      videoTutorials: on && (await hasVideoTutorials(db)),
    },
    academy,
  };
};

const refused = (code: string, message: string, statusCode: number) =>
  new DomainError(code, message, { statusCode });

/** The attachment scanner's verdict on the logo (the same checks and, when configured, ClamAV). */
const scanLogo = async (scanner: Scanner, bytes: Buffer, fileName: string) => {
  try {
    return await scanner.scanBytes({ bytes, fileName });
  } catch (error) {
    if (error instanceof ClamdError)
      throw refused(
        'IMAGE_SCAN_FAILED',
        `${messages.images.uploadError}: the malware scanner did not answer.`,
        503,
      );
    throw error;
  }
};

/**
 * A new logo: decoded, size-checked, scanned by the attachment scanner (EICAR, executables, content that is
 * not its declared type, ClamAV when configured), then the built-in image check (the type it claims, its magic
 * bytes, its structure to the end, no markup); refused files are never stored.
 */
export const uploadLogo = async ({
  db,
  actor,
  scanner,
  upload,
}: {
  db: Db;
  actor: Actor;
  scanner: Scanner;
  upload: UploadLogoRequest;
}) => {
  const bytes = Buffer.from(upload.file, 'base64');
  if (bytes.length === 0) throw refused(brandingErrorCodes.imageInvalid, messages.images.uploadError, 400);
  if (bytes.length > LOGO_MAX_BYTES)
    throw refused(
      brandingErrorCodes.imageTooLarge,
      `${messages.images.uploadError}: the image is larger than ${LOGO_MAX_BYTES / 1024} KB.`,
      413,
    );
  const scan = await scanLogo(scanner, bytes, upload.fileName);
  if (scan.status === 'SUSPICIOUS')
    throw refused(brandingErrorCodes.imageSuspicious, messages.images.suspicious, 422);
  const verdict = checkImage({ bytes, fileName: upload.fileName, mimeType: upload.mimeType });
  if (!verdict.ok) {
    if (verdict.reason === 'suspicious')
      throw refused(brandingErrorCodes.imageSuspicious, messages.images.suspicious, 422);
    throw refused(brandingErrorCodes.imageInvalid, `${messages.images.uploadError}: ${verdict.detail}`, 400);
  }
  return db.transaction(async (tx) => {
    await repo.putImage(tx, {
      key: repo.LOGO_KEY,
      contentType: verdict.type,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      width: verdict.width,
      height: verdict.height,
    });
    await insertActivity(
      tx,
      activity(actor, 'settings.branding.logo', {
        fileName: upload.fileName,
        type: verdict.type,
        size: bytes.length,
        width: verdict.width,
        height: verdict.height,
      }),
    );
    return getBrandingSettings(tx);
  });
};

export const removeLogo = async ({ db, actor }: { db: Db; actor: Actor }) =>
  db.transaction(async (tx) => {
    if (await repo.deleteImage(tx, repo.LOGO_KEY))
      await insertActivity(tx, activity(actor, 'settings.branding.logo', { removed: true }));
    return getBrandingSettings(tx);
  });

export const readLogo = async (db: DbOrTx) => {
  const row = await repo.findImage(db, repo.LOGO_KEY);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
};
