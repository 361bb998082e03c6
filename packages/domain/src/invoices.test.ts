import { describe, expect, it } from 'vitest';
import { type Invoice, invoiceCsv, invoiceTotals, taxOf } from './invoices.ts';

describe('invoice totals', () => {
  it('rounds each line half-up, then sums', () => {
    const totals = invoiceTotals(
      [
        { quantity: '3', unitPrice: '0.335', taxable: true },
        { quantity: '0.1667', unitPrice: '120.00', taxable: false },
        { quantity: '1.0833', unitPrice: '99.99', taxable: true },
      ],
      null,
    );
    // 1.005 → 1.01; 20.004 → 20.00; 108.319167 → 108.32
    expect(totals.amounts).toEqual(['1.01', '20.00', '108.32']);
    expect(totals.subtotal).toBe('129.33');
    expect(totals.taxableSubtotal).toBe('109.33');
    expect(totals.tax).toBe('0.00');
    expect(totals.total).toBe('129.33');
  });

  it('charges tax once per invoice on the taxable lines', () => {
    const lines = [1, 2, 3].map(() => ({ quantity: '1', unitPrice: '4.50', taxable: true }));
    const totals = invoiceTotals([...lines, { quantity: '2', unitPrice: '10', taxable: false }], '7.5');
    expect(totals.subtotal).toBe('33.50');
    expect(totals.taxableSubtotal).toBe('13.50');
    // 13.50 × 7.5% = 1.0125 → 1.01 (per line it would be 3 × 0.34 = 1.02).
    expect(totals.tax).toBe('1.01');
    expect(totals.total).toBe('34.51');
  });

  it('rounds tax half-up', () => {
    expect(taxOf('10.05', '7.5')).toBe('0.75');
    expect(taxOf('0.10', '5')).toBe('0.01');
    expect(taxOf('0.09', '5.5555')).toBe('0.00');
    expect(taxOf('0.09', '5.5556')).toBe('0.01');
    expect(taxOf('999999999999999.99', '99.9999')).toBe('999998999999999.99');
  });
});

const invoice: Invoice = {
  id: 7,
  number: 'INV-000007',
  organizationId: 1,
  organizationName: 'Acme, "North"',
  agreementId: 2,
  agreementName: '=Managed',
  periodStart: '2025-01-01',
  periodEnd: '2025-02-01',
  status: 'PENDING',
  currency: 'USD',
  subtotal: '170.00',
  taxRate: '10',
  tax: '5.00',
  total: '175.00',
  createTime: '2025-01-01T00:00:00.000Z',
  approveTime: null,
  archiveTime: null,
  voidTime: null,
  lines: [
    {
      position: 1,
      kind: 'AGREEMENT_PRODUCT',
      ticketId: null,
      description: 'Managed devices (counted: 5 devices; 2025-01-01 to 2025-02-01)',
      quantity: '5',
      unitPrice: '10.00',
      amount: '50.00',
      taxable: true,
      quantitySource: 'DEVICES',
      quantityMode: 'COUNTED',
    },
    {
      position: 2,
      kind: 'TIME_ENTRY',
      ticketId: 12,
      description: 'Ticket #12 Printer\nqueue',
      quantity: '1.0000',
      unitPrice: '120.00',
      amount: '120.00',
      taxable: false,
      quantitySource: null,
      quantityMode: null,
    },
  ],
};

describe('invoice CSV', () => {
  it('has a row per line and the totals, quoted where needed', () => {
    expect(invoiceCsv(invoice).split('\r\n')).toEqual([
      'invoice,organization,agreement,periodStart,periodEnd,line,kind,ticketId,description,quantity,unitPrice,amount,taxable,currency,quantitySource,quantityMode',
      `INV-000007,"Acme, ""North""",'=Managed,2025-01-01,2025-02-01,1,AGREEMENT_PRODUCT,,Managed devices (counted: 5 devices; 2025-01-01 to 2025-02-01),5,10.00,50.00,true,USD,DEVICES,COUNTED`,
      `INV-000007,"Acme, ""North""",'=Managed,2025-01-01,2025-02-01,2,TIME_ENTRY,12,"Ticket #12 Printer\nqueue",1.0000,120.00,120.00,false,USD,,`,
      `INV-000007,"Acme, ""North""",'=Managed,2025-01-01,2025-02-01,,SUBTOTAL,,,,,170.00,,USD,,`,
      `INV-000007,"Acme, ""North""",'=Managed,2025-01-01,2025-02-01,,TAX,,10%,,,5.00,,USD,,`,
      `INV-000007,"Acme, ""North""",'=Managed,2025-01-01,2025-02-01,,TOTAL,,,,,175.00,,USD,,`,
      '',
    ]);
  });
});
