import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import type { VideoTutorialsResponse } from '@rmm/domain';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVideoTutorialsQuery } from '../../../app/branding/queries.ts';
import { HelpLoading } from './help-loading.tsx';

type VideoTutorial = VideoTutorialsResponse['topics'][number];

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * One topic: its title links to the tutorial's page (or, without one, to its best quality); where the page
 * and files, or several files, are offered, each quality (240p first) is a small link of its own.
 */
const VideoTopic = ({ topic }: { topic: VideoTutorial }) => {
  const { t } = useTranslation();
  const href = topic.url ?? topic.sources.at(-1)?.url ?? null;
  const showQualities = topic.sources.length > (topic.url ? 0 : 1);
  return (
    <Stack gap={2}>
      {href ? (
        <Anchor href={href} {...external} size="sm">
          {topic.title} <IconExternalLink size={12} aria-hidden />
        </Anchor>
      ) : (
        <Text size="sm">{topic.title}</Text>
      )}
      {showQualities && (
        <Group gap="xs" role="group" aria-label={t('help.videoQualities', { title: topic.title })}>
          {topic.sources.map((source) => (
            <Anchor
              key={source.quality}
              href={source.url}
              {...external}
              size="xs"
              aria-label={t('help.videoQuality', { title: topic.title, quality: source.quality })}
            >
              {source.quality}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
};

/** Spec §9: the configured video tutorials, in the topic order the server gives. */
export const HelpVideoTutorials = () => {
  const { t } = useTranslation();
  const tutorials = useVideoTutorialsQuery();
  if (tutorials.isPending) return <HelpLoading />;
  if (tutorials.isError) return <Alert color="red">{t('help.videoTutorialsError')}</Alert>;
  if (tutorials.data.topics.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('help.videoTutorialsEmpty')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {tutorials.data.topics.map((topic) => (
        <VideoTopic key={topic.topic} topic={topic} />
      ))}
    </Stack>
  );
};
