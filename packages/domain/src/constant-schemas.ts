import * as z from 'zod';
import { REFRESH_INTERVAL_OPTIONS_SECONDS, videoResolutions, videoTutorialTopics } from './constants.ts';

// The schemas of constants.ts's lists; constants.ts itself stays plain data for the console's first load.

export const RefreshIntervalSeconds = /* @__PURE__ */ z.literal(REFRESH_INTERVAL_OPTIONS_SECONDS);
export type RefreshIntervalSeconds = z.infer<typeof RefreshIntervalSeconds>;

export const VideoResolution = /* @__PURE__ */ z.enum(videoResolutions);
export type VideoResolution = z.infer<typeof VideoResolution>;

export const VideoTutorialTopic = /* @__PURE__ */ z.enum(videoTutorialTopics);
export type VideoTutorialTopic = z.infer<typeof VideoTutorialTopic>;
