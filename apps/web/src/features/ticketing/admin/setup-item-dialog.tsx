import { Alert, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isCustomSetupList,
  TICKET_NAME_MAX,
  type TicketSetupItem,
  type TicketStatusCategory,
  type TicketTemplateSetupList,
  type TicketType,
  ticketStatusCategories,
  ticketTypes,
} from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSetupItemMutation } from '../queries.ts';
import { useTicketSetup } from '../setup-lookup.ts';

/**
 * An item of a setup list: its name, whether it is offered, and what it belongs to (a status's category, a
 * subtype's type, an item's subtype). The enumerations' items are renamed only; a system status keeps its category.
 */
export const SetupItemDialog = ({
  list,
  item,
  onClose,
}: {
  list: TicketTemplateSetupList;
  item?: TicketSetupItem;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const save = useSaveSetupItemMutation(list);
  const [name, setName] = useState(item?.name ?? '');
  const [isActive, setActive] = useState(item?.isActive ?? true);
  const [category, setCategory] = useState<TicketStatusCategory | null>(
    item?.category ?? (list === 'statuses' ? 'OPEN' : null),
  );
  const [parentKey, setParentKey] = useState<TicketType | null>(item?.parentKey ?? null);
  const [parentId, setParentId] = useState<number | null>(item?.parentId ?? null);
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim() ? t('ticketing.required') : undefined;
  const parentError =
    tried && ((list === 'subtypes' && !parentKey) || (list === 'items' && parentId === null))
      ? t('ticketing.required')
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || (list === 'subtypes' && !parentKey) || (list === 'items' && parentId === null))
      return;
    save.mutate(
      {
        id: item?.id,
        body: {
          name: name.trim(),
          isActive,
          ...(list === 'statuses' && category ? { category } : {}),
          ...(list === 'subtypes' ? { parentKey } : {}),
          ...(list === 'items' ? { parentId } : {}),
          ...(item ? { position: item.position } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t('ticketing.settings.itemSaved', { name: saved.name }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        item ? t('ticketing.settings.editItem', { name: item.name }) : t(`ticketing.settings.new.${list}`)
      }
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextInput
              label={t('ticketing.settings.itemName')}
              withAsterisk
              data-autofocus
              maxLength={TICKET_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
            />
            {list === 'statuses' && (
              <Select
                label={t('ticketing.settings.category')}
                description={t('ticketing.settings.categoryHint')}
                data={ticketStatusCategories.map((value) => ({
                  value,
                  label: t(`ticketing.category.${value}`),
                }))}
                value={category}
                onChange={(value) => setCategory(value as TicketStatusCategory)}
                allowDeselect={false}
                disabled={item?.isSystem}
              />
            )}
            {list === 'subtypes' && (
              <Select
                label={t('ticketing.settings.parentType')}
                withAsterisk
                data={setup.enumOptions('types', ticketTypes)}
                value={parentKey}
                onChange={(value) => setParentKey(value as TicketType | null)}
                error={parentError}
              />
            )}
            {list === 'items' && (
              <Select
                label={t('ticketing.settings.parentSubtype')}
                withAsterisk
                searchable
                data={setup
                  .itemsOf('subtypes')
                  .map((subtype) => ({ value: String(subtype.id), label: subtype.name }))}
                value={parentId === null ? null : String(parentId)}
                onChange={(value) => setParentId(value === null ? null : Number(value))}
                error={parentError}
              />
            )}
            <Switch
              label={t('ticketing.settings.active')}
              description={t('ticketing.settings.activeHint')}
              checked={isActive}
              onChange={(event) => setActive(event.currentTarget.checked)}
            />
            {!isCustomSetupList(list) && (
              <Alert color="gray" variant="light">
                {t('ticketing.settings.enumNote')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
