import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateSearchRequest, type SearchCriteria } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isCriteriaComplete } from '../../../components/criteria/criteria.ts';
import { CriteriaBuilder } from '../../../components/criteria/criteria-builder.tsx';

export type SearchDialogValues = { search: string; criteria: SearchCriteria };

/**
 * Names a search or group, and with `isCriteriaShown` edits its criteria too. The parent runs the
 * request; the fieldset is disabled while it runs.
 */
export const SearchDialog = ({
  title,
  initialValues,
  isCriteriaShown = false,
  isSubmitting,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  initialValues: SearchDialogValues;
  isCriteriaShown?: boolean;
  isSubmitting: boolean;
  error?: string;
  onSubmit: (values: SearchDialogValues) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        search: z
          .string()
          .trim()
          .min(1, t('spec.validation.mandatory'))
          .pipe(CreateSearchRequest.shape.search),
      }),
    [t],
  );
  const form = useForm<SearchDialogValues>({ initialValues, validate: zod4Resolver(schema) });
  const { criteria } = form.getValues();
  const isComplete = isCriteriaComplete(criteria);

  return (
    <Modal opened onClose={onClose} title={title} size={isCriteriaShown ? 'xl' : 'md'}>
      <form
        onSubmit={form.onSubmit((values) =>
          onSubmit({ search: values.search.trim(), criteria: values.criteria }),
        )}
      >
        <fieldset disabled={isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('deviceSearch.searchName')}
              withAsterisk
              data-autofocus
              {...form.getInputProps('search')}
            />
            {isCriteriaShown && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('deviceSearch.criteria')}
                </Text>
                <CriteriaBuilder value={criteria} onChange={(next) => form.setFieldValue('criteria', next)} />
              </Stack>
            )}
            {!isComplete && (
              <Text size="sm" c="red">
                {t('deviceSearch.incomplete')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={!isComplete}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
