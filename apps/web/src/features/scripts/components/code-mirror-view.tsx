import { StreamLanguage } from '@codemirror/language';
import { powerShell } from '@codemirror/legacy-modes/mode/powershell';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { useComputedColorScheme } from '@mantine/core';
import type { ScriptLanguage } from '@rmm/domain';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';

const shellLanguage = StreamLanguage.define(shell);
const powerShellLanguage = StreamLanguage.define(powerShell);

/**
 * Highlighting per script language; cmd has no CodeMirror mode and shows as plain text. Python's parser
 * comes in a chunk of its own, when a Python script is shown, so the editor's chunk stays within budget.
 */
const useLanguageExtensions = (language: ScriptLanguage): Extension[] => {
  const [python, setPython] = useState<Extension>();
  useEffect(() => {
    if (language !== 'python' || python) return;
    let isCancelled = false;
    void import('@codemirror/lang-python').then((module) => {
      if (!isCancelled) setPython(module.python());
    });
    return () => {
      isCancelled = true;
    };
  }, [language, python]);
  return useMemo(() => {
    switch (language) {
      case 'python':
        return python ? [python] : [];
      case 'powershell':
        return [powerShellLanguage];
      case 'sh':
      case 'bash':
        return [shellLanguage];
      case 'cmd':
        return [];
    }
  }, [language, python]);
};

export type CodeMirrorViewProps = {
  value: string;
  language: ScriptLanguage;
  ariaLabel: string;
  describedBy?: string;
  readOnly?: boolean;
  isInvalid?: boolean;
  onChange?: (value: string) => void;
};

/** CodeMirror 6 (its own chunk: only the editors load it), light or dark as the console is. */
export const CodeMirrorView = ({
  value,
  language,
  ariaLabel,
  describedBy,
  readOnly = false,
  isInvalid = false,
  onChange,
}: CodeMirrorViewProps) => {
  const colorScheme = useComputedColorScheme('light');
  const languageExtensions = useLanguageExtensions(language);
  const extensions = useMemo(
    () => [
      ...languageExtensions,
      EditorView.contentAttributes.of({
        'aria-label': ariaLabel,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
      }),
      EditorView.lineWrapping,
    ],
    [languageExtensions, ariaLabel, describedBy, isInvalid],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={colorScheme === 'dark' ? 'dark' : 'light'}
      readOnly={readOnly}
      editable={!readOnly}
      minHeight="240px"
      maxHeight="60vh"
      basicSetup={{ foldGutter: false, autocompletion: false }}
      style={{
        border: `1px solid ${isInvalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    />
  );
};
