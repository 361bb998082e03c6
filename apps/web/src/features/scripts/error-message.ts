import { scriptErrorCodes } from '@rmm/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';

/** A script error through the console catalog (so it can be translated); any other error as the server said it. */
export const scriptErrorMessage = (error: Error, t: TFunction) =>
  error instanceof ApiError && error.code in scriptErrorCodes
    ? t(`scripts.error.${error.code}`)
    : error.message;
