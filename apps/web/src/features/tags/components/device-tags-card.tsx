import { Alert, Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { TagEditor } from '../../../components/inputs/tag-editor.tsx';
import { useTagNamesQuery } from '../../../lib/device-tags.ts';
import { useSetDeviceTagsMutation } from '../queries.ts';

/** A name already on the list (whatever its case) is not added twice: the server would keep one. */
const withoutRepeats = (tags: readonly string[]) =>
  tags.filter((tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index);

/**
 * The device's tags on its overview. With devices.manage a tag editor: each change (Enter adds a tag,
 * Backspace in the empty field removes the last, a pill's button removes it) is saved at once with
 * PUT /devices/{id}/tags; names no tag has yet become tags. Without it, the tags as badges.
 */
export const DeviceTagsCard = ({ deviceId, tags }: { deviceId: number; tags: readonly string[] }) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('devices.manage');
  const save = useSetDeviceTagsMutation(deviceId);
  const suggestions = useTagNamesQuery();
  // While a change is saved the editor shows it; a refused change falls back to what is stored.
  const shown = save.isPending && save.variables ? save.variables : [...tags];

  return (
    <Card withBorder mt="md">
      <Title order={3} size="h4" mb="xs">
        {t('tags.device.title')}
      </Title>
      {canManage ? (
        <>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="xs" py="xs">
              {save.error.message}
            </Alert>
          )}
          <TagEditor
            label={t('tags.device.label')}
            placeholder={t('tags.device.placeholder')}
            data={suggestions.data ?? []}
            value={shown}
            onChange={(next) => {
              const unique = withoutRepeats(next);
              if (unique.length !== shown.length || unique.some((tag, i) => tag !== shown[i]))
                save.mutate(unique);
            }}
            description={t('tags.device.hint')}
            clearable={false}
          />
        </>
      ) : tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tags.device.none')}
        </Text>
      ) : (
        <Group gap={6} aria-label={t('tags.device.label')} role="list">
          {tags.map((tag) => (
            <Badge key={tag} variant="light" role="listitem" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
};
