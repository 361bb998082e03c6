import { Checkbox, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type CollisionHandling, collisionHandlings } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

export type RestoreOptionValues = {
  destination: 'original' | 'other';
  destinationPath: string;
  collisionHandling: CollisionHandling;
  restorePermissions: boolean;
  restoreDeletedFiles: boolean;
};

export const defaultRestoreOptions: RestoreOptionValues = {
  destination: 'original',
  destinationPath: '',
  collisionHandling: 'OVERWRITE',
  restorePermissions: true,
  restoreDeletedFiles: true,
};

/** Where restored files go on the device and what happens to files already there. */
export const RestoreOptions = ({
  values,
  onChange,
  pathError,
}: {
  values: RestoreOptionValues;
  onChange: (values: RestoreOptionValues) => void;
  pathError?: string;
}) => {
  const { t } = useTranslation();
  const set = (change: Partial<RestoreOptionValues>) => onChange({ ...values, ...change });
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('backup.restore.destination')}
        value={values.destination}
        onChange={(value) => set({ destination: value as RestoreOptionValues['destination'] })}
      >
        <Stack gap={6} mt={4}>
          <Radio value="original" label={t('backup.restore.original')} />
          <Radio value="other" label={t('backup.restore.other')} />
        </Stack>
      </Radio.Group>
      {values.destination === 'other' && (
        <TextInput
          label={t('backup.restore.path')}
          description={t('backup.restore.pathHint')}
          withAsterisk
          value={values.destinationPath}
          error={pathError}
          onChange={(event) => set({ destinationPath: event.currentTarget.value })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('backup.restore.collision')}
          allowDeselect={false}
          data={collisionHandlings.map((value) => ({ value, label: t(`backup.collision.${value}`) }))}
          value={values.collisionHandling}
          onChange={(value) => value && set({ collisionHandling: value as CollisionHandling })}
        />
      </SimpleGrid>
      <Checkbox
        label={t('backup.restore.permissions')}
        description={t('backup.restore.permissionsHint')}
        checked={values.restorePermissions}
        onChange={(event) => set({ restorePermissions: event.currentTarget.checked })}
      />
      <Checkbox
        label={t('backup.restore.deleted')}
        description={t('backup.restore.deletedHint')}
        checked={values.restoreDeletedFiles}
        onChange={(event) => set({ restoreDeletedFiles: event.currentTarget.checked })}
      />
    </Stack>
  );
};
