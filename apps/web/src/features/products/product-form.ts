import type { UseFormReturnType } from '@mantine/form';
import type { ProductFormInput, ProductFormTab } from '@rmm/domain';

export type ProductFormState = UseFormReturnType<ProductFormInput>;

/** Which tab shows each field of the product form (the dialog opens the first tab with an error). */
export const tabOfField: Record<keyof ProductFormInput, ProductFormTab> = {
  type: 'GENERAL',
  name: 'GENERAL',
  description: 'GENERAL',
  productIds: 'GENERAL',
  price: 'BILLING',
  rate: 'BILLING',
  cost: 'BILLING',
  taxable: 'BILLING',
  billing: 'BILLING',
  quantity: 'BILLING',
  licensingType: 'ADVANCED',
  term: 'ADVANCED',
  quantitySource: 'ADVANCED',
  timeRounding: 'ADVANCED',
  timeEntrySource: 'ADVANCED',
  allowAllTechnicians: 'PERMISSIONS',
  userRoles: 'PERMISSIONS',
};

const tabOrder: readonly ProductFormTab[] = ['GENERAL', 'BILLING', 'ADVANCED', 'PERMISSIONS'];

/** The tabs holding a field with an error, in the dialog's order. */
export const tabsWithErrors = (errors: Record<string, unknown>): ProductFormTab[] => {
  const tabs = new Set(
    Object.entries(errors)
      .filter(([, message]) => Boolean(message))
      .map(([field]) => tabOfField[field.split('.')[0] as keyof ProductFormInput])
      .filter(Boolean),
  );
  return tabOrder.filter((tab) => tabs.has(tab));
};

/** A form value that may be a number or text, as the text inputs hold it. */
export const asText = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** Select data of an enumeration, each option labelled by `products.<group>.<value>`. */
export const optionsOf = (values: readonly string[], group: string, t: (key: string) => string) =>
  values.map((value) => ({ value, label: t(`products.${group}.${value}`) }));
