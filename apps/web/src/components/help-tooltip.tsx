import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissedTooltipsQuery, useDismissTooltip } from '../lib/help-tooltips.ts';

/**
 * A hint shown on a screen until the user says "Got it"; the dismissal is saved on the server for this user,
 * so it stays gone on every browser. A failed save says so (spec §8) and keeps the hint.
 */
export const HelpTooltip = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const query = useDismissedTooltipsQuery();
  const dismiss = useDismissTooltip();
  // Not shown until the user's state is known (no flash of a dismissed hint), nor when it cannot be read.
  if (!query.data || query.data.dismissed.includes(id)) return null;
  return (
    <Alert role="note" color="blue" variant="light" icon={<IconBulb size={18} />} title={title} mb="md">
      <Text size="sm">{children}</Text>
      <Group mt="xs" gap="sm">
        <Button size="xs" variant="light" loading={dismiss.isPending} onClick={() => dismiss.mutate(id)}>
          {t('helpTooltip.gotIt')}
        </Button>
        {dismiss.isError && (
          <Text size="sm" c="red" role="alert">
            {t('spec.help.tooltipSaveError')}
          </Text>
        )}
      </Group>
    </Alert>
  );
};
