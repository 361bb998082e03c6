import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ActionTarget } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagEditor } from '../../../components/inputs/tag-editor.tsx';
import { useTagNamesQuery } from '../../../lib/device-tags.ts';
import { useBulkTagsMutation } from '../queries.ts';

type Mode = 'add' | 'remove';

/**
 * Adds tags to, or removes them from, the selected devices (POST /devices/tags/bulk); their other tags
 * stay. The names are held to the tag rules as they are typed.
 */
export const BulkTagsDialog = ({
  count,
  resolveTarget,
  onClose,
  onDone,
}: {
  count: number;
  resolveTarget: () => Promise<ActionTarget>;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const names = useTagNamesQuery();
  const bulk = useBulkTagsMutation();
  const [mode, setMode] = useState<Mode>('add');
  const [tags, setTags] = useState<string[]>([]);
  const [targetError, setTargetError] = useState<string | null>(null);
  const [isResolving, setResolving] = useState(false);
  const modeLabelId = useId();

  const submit = async () => {
    setTargetError(null);
    setResolving(true);
    let target: ActionTarget;
    try {
      target = await resolveTarget();
    } catch (error) {
      setTargetError(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      setResolving(false);
    }
    bulk.mutate(
      { target, ...(mode === 'add' ? { add: tags } : { remove: tags }) },
      {
        onSuccess: ({ affected }) => {
          notifications.show({ color: 'green', message: t('deviceSearch.tags.result', { count: affected }) });
          onDone();
          onClose();
        },
      },
    );
  };

  const error = targetError ?? bulk.error?.message;
  const isBusy = isResolving || bulk.isPending;
  return (
    <Modal opened onClose={onClose} title={t('deviceSearch.tags.title', { count })}>
      <Stack>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('deviceSearch.tags.explain')}
        </Text>
        <Group gap="sm">
          <Text size="sm" fw={500} id={modeLabelId}>
            {t('deviceSearch.tags.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby={modeLabelId}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'add', label: t('deviceSearch.tags.add') },
              { value: 'remove', label: t('deviceSearch.tags.remove') },
            ]}
          />
        </Group>
        <TagEditor
          label={t('deviceSearch.tags.names')}
          placeholder={t('deviceSearch.tags.placeholder')}
          data={names.data ?? []}
          value={tags}
          onChange={setTags}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={mode === 'remove' ? 'red' : undefined}
            disabled={tags.length === 0}
            loading={isBusy}
            onClick={() => void submit()}
          >
            {mode === 'add' ? t('deviceSearch.tags.submitAdd') : t('deviceSearch.tags.submitRemove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
