import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { VideoTutorialSettings } from '@rmm/domain/branding';
import { videoResolutions, videoTutorialTopicLabels, videoTutorialTopics } from '@rmm/domain/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useUpdateVideoTutorials, useVideoTutorialSettingsQuery } from '../queries.ts';
import { saveCallbacks } from './save-notifications.ts';

type Topic = (typeof videoTutorialTopics)[number];
type VideoResolution = (typeof videoResolutions)[number];
type Draft = Record<Topic, { url: string; sources: Record<VideoResolution, string> }>;

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

const draftOf = (settings: VideoTutorialSettings): Draft =>
  Object.fromEntries(
    videoTutorialTopics.map((topic) => {
      const saved = settings.topics.find((t) => t.topic === topic);
      const sources = Object.fromEntries(
        videoResolutions.map((q) => [q, saved?.sources.find((s) => s.quality === q)?.url ?? '']),
      ) as Record<VideoResolution, string>;
      return [topic, { url: saved?.url ?? '', sources }];
    }),
  ) as Draft;

/** The topics with a link or a file; the others are left out (no tutorial). */
export const settingsOf = (draft: Draft): VideoTutorialSettings => ({
  topics: videoTutorialTopics.flatMap((topic) => {
    const { url, sources } = draft[topic];
    const files = videoResolutions
      .filter((quality) => sources[quality].trim() !== '')
      .map((quality) => ({ quality, url: sources[quality].trim() }));
    return url.trim() === '' && files.length === 0
      ? []
      : [{ topic, url: url.trim() || null, sources: files }];
  }),
});

const Form = ({ settings, canManage }: { settings: VideoTutorialSettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdateVideoTutorials();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const errorOf = (value: string) =>
    value.trim() === '' || isHttps(value.trim()) ? undefined : t('branding.videos.httpsOnly');
  const values = videoTutorialTopics.flatMap((topic) => [
    draft[topic].url,
    ...Object.values(draft[topic].sources),
  ]);
  const isValid = values.every((value) => errorOf(value) === undefined);
  const disabled = !canManage || update.isPending;
  const set = (topic: Topic, change: Partial<Draft[Topic]>) =>
    setDraft((current) => ({ ...current, [topic]: { ...current[topic], ...change } }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canManage && isValid) update.mutate(settingsOf(draft), saveCallbacks(t('branding.saved')));
      }}
    >
      <Stack>
        {videoTutorialTopics.map((topic) => (
          <Paper key={topic} withBorder p="md">
            <Title order={5} mb="xs">
              {videoTutorialTopicLabels[topic]}
            </Title>
            <TextInput
              label={t('branding.videos.link')}
              placeholder="https://"
              value={draft[topic].url}
              onChange={(event) => set(topic, { url: event.currentTarget.value })}
              error={errorOf(draft[topic].url)}
              disabled={disabled}
              mb="xs"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              {videoResolutions.map((quality) => (
                <TextInput
                  key={quality}
                  size="xs"
                  label={`${videoTutorialTopicLabels[topic]} ${t('branding.videos.quality', { quality })}`}
                  placeholder="https://"
                  value={draft[topic].sources[quality]}
                  onChange={(event) =>
                    set(topic, { sources: { ...draft[topic].sources, [quality]: event.currentTarget.value } })
                  }
                  error={errorOf(draft[topic].sources[quality])}
                  disabled={disabled}
                />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
        <Group>
          <Button type="submit" disabled={!canManage || !isValid} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Spec §9: video tutorial links per topic, with files per quality (240p to 1080p). */
export const VideoTutorialsForm = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useVideoTutorialSettingsQuery();
  return (
    <Stack maw={860}>
      <Text c="dimmed" size="sm">
        {t('branding.videos.description')}
      </Text>
      {!canManage && <Alert color="gray">{t('branding.readOnly')}</Alert>}
      <QueryState query={query}>
        {(settings) => <Form settings={settings} canManage={canManage} />}
      </QueryState>
    </Stack>
  );
};
