import { Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Condition, PolicyDryRunResponse } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Result = PolicyDryRunResponse['results'][number];

const DeviceLink = ({ id, name }: { id: number; name: string }) => (
  <Anchor component={Link} to={links.device(id)} size="sm">
    {name}
  </Anchor>
);

/** A detail after a device's name, as text (what an agent saw is never markup). */
const Detail = ({ text }: { text: string }) => <Text span size="sm" c="dimmed">{` · ${text}`}</Text>;

const Triggered = ({ devices }: { devices: Result['devices'] }) => {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="orange.8">
        {t('policies.dryRun.devices', { count: devices.length })}
      </Text>
      <List size="sm" spacing={2}>
        {devices.map((device) => (
          <List.Item key={`${device.deviceId}:${device.instance}`}>
            <DeviceLink id={device.deviceId} name={device.displayName} />
            {device.instance && <Detail text={device.instance} />}
            {device.value !== null && <Detail text={device.value.toLocaleString()} />}
            {device.text && <Detail text={device.text} />}
          </List.Item>
        ))}
      </List>
    </>
  );
};

/** The devices asked that could not judge the condition, and why. */
const NotJudged = ({ result }: { result: Result }) => {
  const { t } = useTranslation();
  const more = result.notJudgedCount - result.notJudged.length;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('policies.dryRun.notJudged', { count: result.notJudgedCount })}
      </Text>
      <List size="sm" spacing={2} aria-label={t('policies.dryRun.notJudgedLabel')}>
        {result.notJudged.map((device) => (
          <List.Item key={device.deviceId}>
            <DeviceLink id={device.deviceId} name={device.displayName} />
            <Detail text={t(`policies.dryRun.reason.${device.reason}`)} />
            {device.text && <Text span size="sm" c="dimmed">{`: ${device.text}`}</Text>}
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {t('policies.dryRun.more', { count: more })}
        </Text>
      )}
    </>
  );
};

const Verdict = ({ result }: { result: Result }) => {
  const { t } = useTranslation();
  if (!result.evaluated)
    return (
      <Text size="sm" c="dimmed">
        {result.notJudgedCount > 0 ? t('policies.dryRun.noAnswer') : t('policies.dryRun.notEvaluated')}
      </Text>
    );
  if (result.devices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('policies.dryRun.none')}
      </Text>
    );
  return <Triggered devices={result.devices} />;
};

/** While the server judges what it stores and the devices' agents sample the rest. */
export const DryRunPending = () => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" role="status" aria-label={t('policies.dryRun.title')}>
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">{t('policies.dryRun.asking')}</Text>
      </Group>
    </Paper>
  );
};

/**
 * What a dry run found: per condition tried, the devices it would trigger on now (from stored data, or as the
 * devices' agents sampled it just now), and the devices that could not judge it with why.
 */
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
        {results.map((result) => (
          <Stack
            key={result.conditionId}
            gap={2}
            aria-label={byId.get(result.conditionId)?.name}
            role="group"
          >
            <Group gap="xs">
              <Text fw={500} size="sm">
                {byId.get(result.conditionId)?.name ?? result.conditionId}
              </Text>
              {result.judgedBy === 'AGENTS' && (
                <Badge size="xs" variant="outline" color="blue" tt="none">
                  {t('policies.dryRun.byAgents', { count: result.judgedCount })}
                </Badge>
              )}
            </Group>
            <Verdict result={result} />
            {result.notJudgedCount > 0 && <NotJudged result={result} />}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
};
