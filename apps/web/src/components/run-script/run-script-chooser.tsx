import { SegmentedControl, Stack } from '@mantine/core';
import type { ScriptLanguage } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RunScriptForm, type RunScriptValues } from '../run-script-form.tsx';
import { LibraryScriptRunner, type RunScriptDevice } from './library-script-runner.tsx';
import type { ScriptRunTarget } from './script-run-form.tsx';

type Mode = 'library' | 'inline';

export type RunScriptChooserProps = {
  /** scripts.run: library scripts (the default mode). */
  canRunLibrary: boolean;
  /** jobs.run: ad-hoc code. */
  canRunInline: boolean;
  target: ScriptRunTarget;
  devices?: readonly RunScriptDevice[];
  /** The language ad-hoc code starts with. */
  defaultLanguage: ScriptLanguage;
  isDisabled?: boolean;
  isSubmitting: boolean;
  submitLabel?: string;
  onRun: (values: RunScriptValues) => void;
};

/**
 * The Run script dialog's body, for one device or many: a library script with its parameters, or
 * ad-hoc code for users who may run any code. Each mode keeps what was typed while the other shows.
 */
export const RunScriptChooser = ({
  canRunLibrary,
  canRunInline,
  target,
  devices,
  defaultLanguage,
  isDisabled,
  isSubmitting,
  submitLabel,
  onRun,
}: RunScriptChooserProps) => {
  const { t } = useTranslation();
  // Unset until the user picks: the permissions may arrive after the first render.
  const [mode, setMode] = useState<Mode | null>(null);
  const shown: Mode = !canRunInline ? 'library' : !canRunLibrary ? 'inline' : (mode ?? 'library');
  return (
    <Stack gap="sm">
      {canRunLibrary && canRunInline && (
        <SegmentedControl
          aria-label={t('runScript.mode.label')}
          value={shown}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: 'library', label: t('runScript.mode.library') },
            { value: 'inline', label: t('runScript.mode.inline') },
          ]}
        />
      )}
      <div hidden={shown !== 'library'}>
        {canRunLibrary && (
          <LibraryScriptRunner
            target={target}
            devices={devices}
            isDisabled={isDisabled}
            isSubmitting={isSubmitting}
            submitLabel={submitLabel}
            onRun={onRun}
          />
        )}
      </div>
      <div hidden={shown !== 'inline'}>
        {canRunInline && (
          <RunScriptForm
            defaultLanguage={defaultLanguage}
            isDisabled={isDisabled}
            isSubmitting={isSubmitting}
            submitLabel={submitLabel}
            onRun={onRun}
          />
        )}
      </div>
    </Stack>
  );
};
