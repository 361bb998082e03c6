import { List, Table, Text } from '@mantine/core';
import { type JobRunAs, ScriptJobContent } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { describeRunAs } from '../../../components/run-script/run-as.ts';
import { useOrganizationCredentialsQuery } from '../../../lib/credentials.ts';
import type { JobDetail } from '../api.ts';

/** A credential run-as by its name and kind (when the user may list credentials), never its secret. */
const RunAsText = ({ runAs, organizationId }: { runAs: JobRunAs; organizationId: number }) => {
  const { t } = useTranslation();
  const canListCredentials = useHasPermission('credentials.view');
  const isCredential = typeof runAs === 'object' && 'credentialId' in runAs;
  const credentials = useOrganizationCredentialsQuery(
    isCredential && canListCredentials ? organizationId : undefined,
  ).data;
  return <>{describeRunAs(t, runAs, credentials)}</>;
};

/**
 * What a script job ran: the library script's name and version (or ad-hoc code and its language),
 * the parameter values in order, who it ran as and its timeout. Values are shown as text.
 */
export const JobScriptFacts = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation();
  const parsed = ScriptJobContent.safeParse(job.content);
  if (job.jobType !== 'ACTION' || !parsed.success) return null;
  const { script, runAs, timeoutSeconds } = parsed.data;
  // The values as stored (parsing would sanitise them again).
  const stored = job.content?.parameters;
  const parameters = Array.isArray(stored) ? stored.map(String) : parsed.data.parameters;
  const rows: [string, React.ReactNode][] = [
    [
      t('runScript.details.script'),
      'name' in script
        ? script.name
        : 'code' in script
          ? t('runScript.details.inline', {
              language: t(`jobs.language.${script.language}`),
            })
          : `#${script.scriptId}`,
    ],
    ...('version' in script && script.version !== undefined
      ? [[t('runScript.details.version'), String(script.version)] as [string, React.ReactNode]]
      : []),
    [
      t('runScript.details.parameters'),
      parameters.length === 0 ? (
        t('runScript.details.noParameters')
      ) : (
        <List key="parameters" type="ordered" size="sm" aria-label={t('runScript.details.parameters')}>
          {parameters.map((value, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional values, fixed for the job
            <List.Item key={index} ff={value === '' ? undefined : 'monospace'}>
              {value === '' ? t('runScript.details.defaultValue') : value}
            </List.Item>
          ))}
        </List>
      ),
    ],
    [
      t('runScript.details.runAs'),
      <RunAsText key="runAs" runAs={runAs} organizationId={job.organizationId} />,
    ],
    [t('runScript.details.timeout'), t('runScript.details.timeoutValue', { seconds: timeoutSeconds })],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="job-script">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};
