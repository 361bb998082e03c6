import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Contact, checkEmail } from '@rmm/domain';
import { IconAlertCircle, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useContactsQuery, useDeleteContactMutation, useSaveContactMutation } from '../queries.ts';
import { OrganizationSelect } from './organization-fields.tsx';

const PAGE_SIZE = 25;

/** `/administration/users/contacts`: people of the organizations who never sign in. */
export const ContactsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const organizationId = Number(params.get('organizationId')) || undefined;
  const query = useContactsQuery({ page, pageSize: PAGE_SIZE, search: search || undefined, organizationId });
  const canManage = useHasPermission('organizations.manage');
  const remove = useDeleteContactMutation();
  // `null`: a new contact; a contact: editing it; undefined: closed.
  const [editing, setEditing] = useState<Contact | null>();
  const setParam = (name: string, value: string | undefined) =>
    setParams((p) => {
      value ? p.set(name, value) : p.delete(name);
      p.delete('page');
      return p;
    });
  const setSearch = useDebouncedCallback((value: string) => setParam('search', value), 300);
  const confirmDelete = (contact: Contact) =>
    modals.openConfirmModal({
      title: t('users.deleteTitle', { name: contact.name }),
      children: (
        <Text size="sm">{t('users.deleteContactBody', { organization: contact.organizationName })}</Text>
      ),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(contact.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('users.contactDeleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <>
      <PageHeader
        title={t('users.contacts')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('users.newContact')}
            </Button>
          )
        }
      />
      <Group mb="md" align="flex-end">
        <TextInput
          w={360}
          aria-label={t('common.search')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={search}
          onChange={(e) => setSearch(e.currentTarget.value.trim())}
        />
        <OrganizationSelect
          ariaLabel={t('users.filterOrganization')}
          placeholder={t('users.anyOrganization')}
          clearable
          maw={280}
          value={organizationId ?? null}
          onChange={(id) => setParam('organizationId', id === null ? undefined : String(id))}
        />
      </Group>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">
                {search || organizationId ? t('common.noResults') : t('users.emptyContacts')}
              </Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={760}>
                <Table striped highlightOnHover verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('common.name')}</Table.Th>
                      <Table.Th>{t('users.organization')}</Table.Th>
                      <Table.Th>{t('users.email')}</Table.Th>
                      <Table.Th>{t('users.phone')}</Table.Th>
                      <Table.Th>{t('users.jobTitle')}</Table.Th>
                      {canManage && (
                        <Table.Th w={96}>
                          <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
                        </Table.Th>
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((contact) => (
                      <Table.Tr key={contact.id}>
                        <Table.Td fw={500}>{contact.name}</Table.Td>
                        <Table.Td>{contact.organizationName}</Table.Td>
                        <Table.Td>{contact.email}</Table.Td>
                        <Table.Td>{contact.phone}</Table.Td>
                        <Table.Td>{contact.jobTitle}</Table.Td>
                        {canManage && (
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              <Tooltip label={t('common.edit')}>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`${t('common.edit')} ${contact.name}`}
                                  onClick={() => setEditing(contact)}
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('common.delete')}>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`${t('common.delete')} ${contact.name}`}
                                  onClick={() => confirmDelete(contact)}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) =>
                  setParams((p) => {
                    p.set('page', String(next));
                    return p;
                  })
                }
              />
            </Paper>
          )
        }
      </QueryState>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('users.editContact') : t('users.newContact')}
      >
        {editing !== undefined && (
          <ContactForm
            contact={editing ?? undefined}
            defaultOrganizationId={organizationId}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </>
  );
};

type Values = { organizationId: number | null; name: string; email: string; phone: string; jobTitle: string };

const ContactForm = ({
  contact,
  defaultOrganizationId,
  onDone,
}: {
  contact?: Contact;
  defaultOrganizationId?: number;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveContactMutation(contact?.id);
  const form = useForm<Values>({
    initialValues: {
      organizationId: contact?.organizationId ?? defaultOrganizationId ?? null,
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      jobTitle: contact?.jobTitle ?? '',
    },
    validate: {
      organizationId: (value) => (value === null ? t('spec.validation.mandatory') : null),
      name: (value) => (value.trim() ? null : t('spec.validation.mandatory')),
      // Optional; when given, the domain's email rule (spec §5), as the server checks it.
      email: (value) => {
        const result = checkEmail(value);
        return !value.trim() || result.ok ? null : result.message;
      },
    },
  });
  const submit = form.onSubmit(async (values) => {
    const saved = await save
      .mutateAsync({
        organizationId: values.organizationId!,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        jobTitle: values.jobTitle.trim(),
      })
      .catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('users.contactSaved') });
    onDone();
  });
  return (
    <form onSubmit={submit}>
      <Stack>
        {save.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {save.error.message}
          </Alert>
        )}
        <OrganizationSelect
          label={t('users.organization')}
          withAsterisk
          value={form.values.organizationId}
          onChange={(value) => form.setFieldValue('organizationId', value)}
          error={form.errors.organizationId as string | undefined}
        />
        <TextInput label={t('common.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t('users.email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={t('users.phone')} {...form.getInputProps('phone')} />
        <TextInput label={t('users.jobTitle')} {...form.getInputProps('jobTitle')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
