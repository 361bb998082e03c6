import type {
  BillingOption,
  LicensingType,
  Product,
  ProductType,
  QuantitySource,
  TermOption,
  TimeEntrySource,
  TimeRoundingOption,
} from '@rmm/domain';
import type { ProductRow } from './repository.ts';

/** A stored product as answered (the text columns hold the domain's enumerations: the service writes them). */
export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type as ProductType,
  content: {
    price: row.price,
    cost: row.cost,
    taxable: row.taxable,
    quantity: row.quantity,
    licensingType: row.licensingType as LicensingType,
    term: row.term as TermOption,
    billing: row.billing as BillingOption | null,
    quantitySource: row.quantitySource as QuantitySource | null,
    rate: row.rate,
    timeRounding: row.timeRounding as TimeRoundingOption | null,
    timeEntrySource: row.timeEntrySource as TimeEntrySource | null,
  },
  productUserRole: { allowAllTechnicians: row.allowAllTechnicians, userRoles: row.userRoles },
  productIds: row.productIds,
  isActive: row.isActive,
  version: row.version,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});
