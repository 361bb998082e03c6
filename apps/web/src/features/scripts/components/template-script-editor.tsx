import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  runAsOptionLabels,
  type ScriptTemplate,
  scriptCategoryLabels,
  scriptLanguageLabels,
} from '@rmm/domain';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { isScriptId, useScriptTemplateQuery } from '../queries.ts';
import { CodeEditor } from './code-editor.tsx';
import { OperatingSystemBadges } from './operating-system-badges.tsx';
import { ParameterList } from './parameter-list.tsx';
import { UseTemplateButton } from './use-template-button.tsx';

/** `/editor/templateScript/:id`: a shipped template, read-only, with "Use template". */
export const TemplateScriptEditor = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useScriptTemplateQuery(Number(id));
  if (!isScriptId(id)) return <NotFoundPage />;
  return (
    <QueryState query={query} notFoundTitle={t('scripts.templates.notFound')}>
      {(template) => <TemplateView template={template} />}
    </QueryState>
  );
};

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div">
      {children}
    </Text>
  </div>
);

const runAsLabel = (runAs: ScriptTemplate['defaultRunAs']) =>
  typeof runAs === 'string'
    ? runAsOptionLabels[runAs]
    : 'user' in runAs
      ? runAs.user
      : `#${runAs.credentialId}`;

const TemplateView = ({ template }: { template: ScriptTemplate }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('scripts.templates.title', { name: template.name })}</Title>
        <UseTemplateButton template={template} />
      </Group>
      <Alert color="gray" icon={<IconLock size={18} />}>
        {t('scripts.templates.readOnly')}
      </Alert>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {template.description && <Text size="sm">{template.description}</Text>}
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            <Detail label={t('scripts.field.category')}>{scriptCategoryLabels[template.category]}</Detail>
            <Detail label={t('scripts.field.language')}>{scriptLanguageLabels[template.language]}</Detail>
            <Detail label={t('scripts.field.operatingSystems')}>
              <OperatingSystemBadges value={template.operatingSystems} />
            </Detail>
            <Detail label={t('scripts.field.runAs')}>{runAsLabel(template.defaultRunAs)}</Detail>
            <Detail label={t('scripts.field.timeout')}>{template.timeoutSeconds}</Detail>
          </SimpleGrid>
        </Stack>
      </Paper>
      <CodeEditor
        label={t('scripts.field.code')}
        value={template.code}
        language={template.language}
        readOnly
      />
      <ParameterList parameters={template.parameters} />
    </Stack>
  );
};
