import { Alert, Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type AgentPlatform,
  type Script,
  scriptLanguageLabels,
  scriptMessages,
  scriptOperatingSystemLabels,
  scriptOperatingSystemOfPlatform,
} from '@rmm/domain';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRunnableScriptsQuery, useScriptForRunQuery } from '../../lib/library-scripts.ts';
import type { RunScriptValues } from '../run-script-form.tsx';
import { ScriptRunForm, type ScriptRunTarget } from './script-run-form.tsx';

/** A device the dialog runs on, as far as the picker needs to know it. */
export type RunScriptDevice = { displayName: string; platform: AgentPlatform };

const NAMES_SHOWN = 5;

/** The selected devices the script's operating systems leave out: the server refuses those. */
const RefusedDevices = ({ script, devices }: { script: Script; devices: readonly RunScriptDevice[] }) => {
  const { t } = useTranslation();
  const refused = devices.filter((device) => {
    const os = scriptOperatingSystemOfPlatform(device.platform);
    return os === undefined || !script.operatingSystems.includes(os);
  });
  if (refused.length === 0) return null;
  const names = refused.slice(0, NAMES_SHOWN).map((device) => device.displayName);
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} py="xs">
      {t('runScript.refused', {
        count: refused.length,
        os: script.operatingSystems.map((os) => scriptOperatingSystemLabels[os]).join(', '),
        names: refused.length > NAMES_SHOWN ? `${names.join(', ')}, …` : names.join(', '),
      })}
    </Alert>
  );
};

/**
 * Picks a script of the library (searchable, only those for the devices' operating system when they
 * share one), then shows its description and the form for its parameters, run-as and timeout.
 */
export const LibraryScriptRunner = ({
  target,
  devices = [],
  isDisabled,
  isSubmitting,
  submitLabel,
  onRun,
}: {
  target: ScriptRunTarget;
  /** The selected devices known to the console: those the chosen script cannot run on are named. */
  devices?: readonly RunScriptDevice[];
  isDisabled?: boolean;
  isSubmitting: boolean;
  submitLabel?: string;
  onRun: (values: RunScriptValues) => void;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [scriptId, setScriptId] = useState<number | undefined>();
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const scriptQuery = useScriptForRunQuery(scriptId);
  const script = scriptQuery.data;
  // The chosen script's name stands in the box once picked: that is not a search.
  const isSearching = debouncedSearch.trim() !== '' && debouncedSearch !== script?.name;
  const list = useRunnableScriptsQuery({
    operatingSystem: target.operatingSystem,
    search: isSearching ? debouncedSearch.trim() : undefined,
  });
  const listed = list.data?.data ?? [];
  // The chosen script stays an option (and its name in the box) whatever the search lists.
  const scripts = script && !listed.some((item) => item.id === script.id) ? [script, ...listed] : listed;
  return (
    <Stack gap="sm">
      <Select
        label={t('runScript.script')}
        placeholder={t('runScript.scriptPlaceholder')}
        required
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={scripts.map((item) => ({ value: String(item.id), label: item.name }))}
        value={scriptId === undefined ? null : String(scriptId)}
        onChange={(value) => setScriptId(value === null ? undefined : Number(value))}
        nothingFoundMessage={
          list.isPending
            ? t('app.loading')
            : search || target.operatingSystem === undefined
              ? t('runScript.noScriptsFound')
              : t('runScript.noScripts')
        }
        rightSection={list.isFetching ? <Loader size="xs" /> : undefined}
      />
      {(list.isError || scriptQuery.isError) && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
          {scriptMessages.loadError}
        </Alert>
      )}
      {scriptId === undefined ? (
        <Text size="sm" c="dimmed">
          {t('runScript.pickScript')}
        </Text>
      ) : script === undefined || script.id !== scriptId ? (
        scriptQuery.isPending && <Loader size="sm" aria-label={t('app.loading')} />
      ) : (
        <>
          <Group gap="xs">
            <Badge variant="light">{t('runScript.version', { version: script.version })}</Badge>
            <Badge variant="outline">{scriptLanguageLabels[script.language]}</Badge>
            {script.operatingSystems.map((os) => (
              <Badge key={os} variant="default">
                {scriptOperatingSystemLabels[os]}
              </Badge>
            ))}
          </Group>
          <RefusedDevices script={script} devices={devices} />
          <ScriptRunForm
            key={`${script.id}:${script.version}`}
            script={script}
            target={target}
            isDisabled={isDisabled}
            isSubmitting={isSubmitting}
            submitLabel={submitLabel}
            onRun={onRun}
          />
        </>
      )}
    </Stack>
  );
};
