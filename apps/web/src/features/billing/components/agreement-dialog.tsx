import { Alert, Button, Divider, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Agreement, defaultWorkHours, localTimeZone, type WorkHours } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import {
  emptyTerms,
  type ProductRow,
  productInputs,
  rowsOf,
  type TermsForm,
  termsBody,
  termsOf,
} from '../agreement-form.ts';
import { useSaveAgreementMutation, useTemplatesQuery } from '../queries.ts';
import { AgreementProductsEditor } from './agreement-products-editor.tsx';
import { AgreementTermsFields } from './agreement-terms-fields.tsx';
import { WorkHoursFields } from './work-hours-fields.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/** Start from a template: its terms and products fill the form. */
const TemplateSelect = ({
  onPick,
}: {
  onPick: (terms: TermsForm, rows: ProductRow[], id: number | null) => void;
}) => {
  const { t } = useTranslation();
  const templates = useTemplatesQuery();
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label={t('billing.form.template')}
      description={t('billing.form.templateHint')}
      placeholder={t('billing.form.noTemplate')}
      clearable
      data={(templates.data?.templates ?? []).map((template) => ({
        value: String(template.id),
        label: template.name,
      }))}
      value={value}
      error={templates.error?.message}
      onChange={(id) => {
        setValue(id);
        const template = templates.data?.templates.find((item) => String(item.id) === id);
        if (template) onPick(termsOf(template), rowsOf(template.products, false), template.id);
        else onPick(emptyTerms(), [], null);
      }}
    />
  );
};

/** Creates an organization's agreement (from a template or from scratch) or edits one, with its products. */
export const AgreementDialog = ({
  organization,
  agreement,
  onClose,
}: {
  organization: { id: number; name: string };
  agreement?: Agreement;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveAgreementMutation();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [terms, setTerms] = useState<TermsForm>(agreement ? termsOf(agreement) : emptyTerms());
  const [rows, setRows] = useState<ProductRow[]>(agreement ? rowsOf(agreement.products, true) : []);
  const [startDate, setStartDate] = useState(agreement?.startDate ?? today());
  const [nextBillDate, setNextBillDate] = useState(agreement?.nextBillDate ?? '');
  const [workHours, setWorkHours] = useState<WorkHours>(
    agreement?.workHours ?? defaultWorkHours(localTimeZone()),
  );
  const [isActive, setActive] = useState(agreement?.isActive ?? true);
  const isLocked = (agreement?.invoiceCount ?? 0) > 0;

  const submit = () => {
    const common = { ...termsBody(terms), workHours, products: productInputs(rows) };
    const onSuccess = () => {
      notifications.show({ color: 'green', message: t('billing.agreements.saved') });
      onClose();
    };
    if (!agreement) {
      save.mutate(
        { body: { ...common, organizationId: organization.id, templateId, startDate } },
        { onSuccess },
      );
      return;
    }
    const { billingInterval, ...rest } = common;
    save.mutate(
      {
        id: agreement.id,
        body: {
          ...rest,
          version: agreement.version,
          isActive,
          ...(isLocked ? {} : { billingInterval, startDate }),
          ...(nextBillDate && nextBillDate !== agreement.nextBillDate ? { nextBillDate } : {}),
        },
      },
      { onSuccess },
    );
  };

  const isConflict = save.error instanceof ApiError && save.error.code === 'AGREEMENT_VERSION_CONFLICT';
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        agreement ? t('billing.form.editTitle') : t('billing.form.newTitle', { name: organization.name })
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            {save.error && (
              <Alert color={isConflict ? 'orange' : 'red'} icon={<IconAlertCircle size={18} />} role="alert">
                {isConflict ? t('billing.agreements.conflict') : save.error.message}
              </Alert>
            )}
            {!agreement && (
              <TemplateSelect
                onPick={(nextTerms, nextRows, id) => {
                  setTerms(nextTerms);
                  setRows(nextRows);
                  setTemplateId(id);
                }}
              />
            )}
            <AgreementTermsFields terms={terms} onChange={setTerms} isIntervalLocked={isLocked} />
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label={t('billing.form.startDate')}
                withAsterisk
                disabled={isLocked}
                value={startDate}
                onChange={(event) => setStartDate(event.currentTarget.value)}
              />
              {agreement && (
                <TextInput
                  type="date"
                  label={t('billing.form.nextBillDate')}
                  value={nextBillDate}
                  onChange={(event) => setNextBillDate(event.currentTarget.value)}
                />
              )}
            </Group>
            <WorkHoursFields value={workHours} onChange={setWorkHours} />
            {agreement && (
              <Switch
                label={t('billing.form.isActive')}
                checked={isActive}
                onChange={(event) => setActive(event.currentTarget.checked)}
              />
            )}
            <Divider />
            <AgreementProductsEditor rows={rows} onChange={setRows} organizationId={organization.id} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={save.isPending}
                disabled={terms.name.trim() === '' || !startDate}
              >
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
