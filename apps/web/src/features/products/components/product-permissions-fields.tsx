import { Alert, MultiSelect, Stack, Switch } from '@mantine/core';
import { MAX_PRODUCT_USER_ROLES } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import type { ProductFormState } from '../product-form.ts';
import { useProductRolesQuery } from '../queries.ts';

/** PERMISSIONS: every technician, or only those of the chosen technician roles (spec §6). */
export const ProductPermissionsFields = ({ form }: { form: ProductFormState }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const roles = useProductRolesQuery();
  const { allowAllTechnicians, userRoles } = form.values;
  return (
    <Stack>
      <Switch
        label={t('products.field.allowAllTechnicians')}
        {...form.getInputProps('allowAllTechnicians', { type: 'checkbox' })}
      />
      {roles.isError && (
        <Alert color="red" role="alert">
          {t('products.field.rolesError')}
        </Alert>
      )}
      <MultiSelect
        label={t('products.field.userRoles')}
        description={t('products.field.userRolesHint')}
        withAsterisk={!allowAllTechnicians}
        disabled={allowAllTechnicians}
        searchable
        maxValues={MAX_PRODUCT_USER_ROLES}
        data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
        value={userRoles.map(String)}
        onChange={(values) => form.setFieldValue('userRoles', values.map(Number))}
        error={translate(form.errors.userRoles as string | undefined)}
      />
    </Stack>
  );
};
