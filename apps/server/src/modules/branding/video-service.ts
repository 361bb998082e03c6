import {
  type VideoTutorialSettings,
  type VideoTutorialsResponse,
  videoResolutions,
  videoTutorialTitle,
  videoTutorialTopics,
} from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { getSetting, putSetting } from '../settings/repository.ts';

/** Video tutorials (spec §9): links an administrator sets per topic; none are shipped. */

const VIDEOS_KEY = 'videoTutorials';

export const getVideoTutorialSettings = async (db: DbOrTx): Promise<VideoTutorialSettings> =>
  (await getSetting<VideoTutorialSettings>(db, VIDEOS_KEY)) ?? { topics: [] };

export const hasVideoTutorials = async (db: DbOrTx) => (await getVideoTutorialSettings(db)).topics.length > 0;

export const updateVideoTutorialSettings = async ({
  db,
  actor,
  settings,
}: {
  db: Db;
  actor: Actor;
  settings: VideoTutorialSettings;
}) =>
  db.transaction(async (tx) => {
    await putSetting(tx, VIDEOS_KEY, settings);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'settings.videoTutorials.update',
      targetType: 'settings',
      targetName: 'Video tutorials',
      outcome: 'SUCCESS',
      detail: JSON.stringify({ topics: settings.topics.map((t) => t.topic) }),
    });
    return settings;
  });

/** The help panel's list: spec §9's topic order, each topic's qualities from 240p up. */
export const listVideoTutorials = async (db: DbOrTx): Promise<VideoTutorialsResponse> => {
  const { topics } = await getVideoTutorialSettings(db);
  return {
    topics: [...topics]
      .sort((a, b) => videoTutorialTopics.indexOf(a.topic) - videoTutorialTopics.indexOf(b.topic))
      .map((topic) => ({
        topic: topic.topic,
        title: videoTutorialTitle(topic.topic),
        url: topic.url,
        sources: [...topic.sources].sort(
          (a, b) => videoResolutions.indexOf(a.quality) - videoResolutions.indexOf(b.quality),
        ),
      })),
  };
};
