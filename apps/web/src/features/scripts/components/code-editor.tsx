import { Group, Input, Loader, Text } from '@mantine/core';
import type { ScriptLanguage } from '@rmm/domain';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

// CodeMirror is loaded with the first editor that shows code, never with the library list or the first load.
const CodeMirrorView = lazy(() =>
  import('./code-mirror-view.tsx').then((module) => ({ default: module.CodeMirrorView })),
);

/** A labelled code field; read-only when `onChange` is not given or `readOnly` is set. */
export const CodeEditor = ({
  label,
  description,
  error,
  withAsterisk,
  value,
  language,
  readOnly,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  value: string;
  language: ScriptLanguage;
  readOnly?: boolean;
  onChange?: (value: string) => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={withAsterisk}
    >
      <Suspense
        fallback={
          <Group gap="xs" py="md">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('scripts.codeLoading')}
            </Text>
          </Group>
        }
      >
        <CodeMirrorView
          value={value}
          language={language}
          ariaLabel={label}
          describedBy={[errorId, descriptionId].filter(Boolean).join(' ') || undefined}
          readOnly={readOnly || !onChange}
          isInvalid={Boolean(error)}
          onChange={onChange}
        />
      </Suspense>
    </Input.Wrapper>
  );
};
