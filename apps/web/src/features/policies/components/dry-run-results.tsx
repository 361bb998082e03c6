import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Condition, PolicyDryRunResponse } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a dry run found: per condition tried, the devices it would trigger on now, or why it was not judged. */
export const DryRunResults = ({
  conditions,
  changed,
  results,
}: {
  conditions: readonly Condition[];
  changed: boolean;
  results: PolicyDryRunResponse['results'];
}) => {
  const { t } = useTranslation();
  const byId = new Map(conditions.map((c) => [c.id, c]));
  return (
    <Paper withBorder p="md" aria-label={t('policies.dryRun.title')} role="region">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('policies.dryRun.title')}</Title>
        <Badge variant="light" color="gray" tt="none">
          {changed ? t('policies.dryRun.scopeChanged') : t('policies.dryRun.scopeAll')}
        </Badge>
      </Group>
      <Stack gap="sm">
        {results.map((result) => {
          const condition = byId.get(result.conditionId);
          return (
            <Stack key={result.conditionId} gap={2}>
              <Text fw={500} size="sm">
                {condition?.name ?? result.conditionId}
              </Text>
              {!result.evaluated ? (
                <Text size="sm" c="dimmed">
                  {t('policies.dryRun.notEvaluated')}
                </Text>
              ) : result.devices.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('policies.dryRun.none')}
                </Text>
              ) : (
                <>
                  <Text size="sm" c="orange.8">
                    {t('policies.dryRun.devices', { count: result.devices.length })}
                  </Text>
                  <List size="sm" spacing={2}>
                    {result.devices.map((device) => (
                      <List.Item key={`${device.deviceId}:${device.instance}`}>
                        <Anchor component={Link} to={links.device(device.deviceId)} size="sm">
                          {device.displayName}
                        </Anchor>
                        {device.instance && <Text span size="sm" c="dimmed">{` · ${device.instance}`}</Text>}
                        {device.value !== null && (
                          <Text span size="sm" c="dimmed">{` · ${device.value.toLocaleString()}`}</Text>
                        )}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
};
