import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrganizationFormValues } from '../organization-form.ts';

let nextKey = 0;

export const LocationsFields = ({ form }: { form: UseFormReturnType<OrganizationFormValues> }) => {
  const { t } = useTranslation();
  const locations = form.getValues().locations;
  return (
    <Stack>
      {locations.length === 0 && <Text c="dimmed">{t('organizations.noLocations')}</Text>}
      {locations.map((location, index) => (
        <Paper key={location.key} withBorder p="sm">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('organizations.locationName')}
              withAsterisk
              style={{ flex: 1 }}
              {...form.getInputProps(`locations.${index}.name`)}
            />
            <TextInput
              label={t('common.address')}
              style={{ flex: 1 }}
              {...form.getInputProps(`locations.${index}.address`)}
            />
            <TextInput
              label={t('common.description')}
              style={{ flex: 1 }}
              {...form.getInputProps(`locations.${index}.description`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${t('common.remove')} ${location.name}`}
              onClick={() => form.removeListItem('locations', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            form.insertListItem('locations', {
              key: `new-${nextKey++}`,
              name: '',
              address: '',
              description: '',
            })
          }
        >
          {t('organizations.addLocation')}
        </Button>
      </Group>
    </Stack>
  );
};
