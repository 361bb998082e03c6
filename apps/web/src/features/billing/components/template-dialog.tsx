import { Alert, Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AgreementTemplate } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyTerms,
  type ProductRow,
  productInputs,
  rowsOf,
  type TermsForm,
  termsBody,
  termsOf,
} from '../agreement-form.ts';
import { useSaveTemplateMutation } from '../queries.ts';
import { AgreementProductsEditor } from './agreement-products-editor.tsx';
import { AgreementTermsFields } from './agreement-terms-fields.tsx';

/** Creates or edits an agreement template: terms and products that new agreements copy. */
export const TemplateDialog = ({
  template,
  onClose,
}: {
  template?: AgreementTemplate;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveTemplateMutation();
  const [terms, setTerms] = useState<TermsForm>(template ? termsOf(template) : emptyTerms());
  const [rows, setRows] = useState<ProductRow[]>(template ? rowsOf(template.products, true) : []);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={template ? t('billing.templates.edit', { name: template.name }) : t('billing.templates.new')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { id: template?.id, body: { ...termsBody(terms), products: productInputs(rows) } },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('billing.templates.saved') });
                onClose();
              },
            },
          );
        }}
      >
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <AgreementTermsFields terms={terms} onChange={setTerms} />
            <Divider />
            <AgreementProductsEditor rows={rows} onChange={setRows} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={terms.name.trim() === ''}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
