import type { PublicBranding, VideoTutorialsResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

/** The branding every page reads (public: the sign-in page shows the name and logo). */
export const brandingApi = {
  get: () => apiRequest<PublicBranding>('GET', apiPaths.branding()),
  /** The video tutorials the help menu lists (spec §9). */
  videoTutorials: () => apiRequest<VideoTutorialsResponse>('GET', apiPaths.videoTutorials()),
};
