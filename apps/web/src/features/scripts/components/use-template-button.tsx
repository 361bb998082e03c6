import { Alert, Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ScriptTemplate } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { scriptErrorMessage } from '../error-message.ts';
import { useCopyTemplateMutation } from '../queries.ts';

/** "Use template": copies the template into the library and opens the copy (scripts.manage only). */
export const UseTemplateButton = ({
  template,
  withName = false,
  ...props
}: { template: ScriptTemplate; withName?: boolean } & ButtonProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useHasPermission('scripts.manage');
  const copy = useCopyTemplateMutation();
  if (!canManage) return null;
  const use = () =>
    copy.mutate(template.id, {
      onSuccess: (script) => {
        notifications.show({ color: 'green', message: t('scripts.templates.copied') });
        navigate(links.scriptEditor(script.id), { state: { from: links.scriptLibrary() } });
      },
    });
  return (
    <>
      <Button
        leftSection={<IconCopy size={16} />}
        loading={copy.isPending}
        onClick={use}
        aria-label={withName ? t('scripts.templates.useNamed', { name: template.name }) : undefined}
        {...props}
      >
        {t('scripts.templates.use')}
      </Button>
      {copy.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mt="xs">
          {scriptErrorMessage(copy.error, t)}
        </Alert>
      )}
    </>
  );
};
