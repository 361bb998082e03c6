import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A secret shown once (an invitation or reset link, an API token), with a copy button. */
export const SecretValue = ({ value, copyLabel }: { value: string; copyLabel: string }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret">
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : copyLabel} withArrow>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : 'blue'}
              size="lg"
              onClick={copy}
              aria-label={copyLabel}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
};
