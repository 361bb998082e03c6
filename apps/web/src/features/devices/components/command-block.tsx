import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A shell command on one line, with a button that copies it. */
export const CommandBlock = ({ command, label }: { command: string; label: string }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block aria-label={label} style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {command}
      </Code>
      <CopyButton value={command}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : 'blue'}
              size="lg"
              onClick={copy}
              aria-label={`${t('common.copy')}: ${label}`}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
};
