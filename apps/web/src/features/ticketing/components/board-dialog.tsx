import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  BOARD_MAX_RULES,
  type BoardColumn,
  type BoardConditions,
  type BoardRule,
  type BoardSort,
  boardColumns,
  boardRuleProblem,
  boardSortFields,
  DEFAULT_BOARD_COLUMNS,
  SaveTicketBoardRequest,
  type TicketBoard,
} from '@rmm/domain';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteBoardMutation, useSaveBoardMutation } from '../queries.ts';
import { sortDirectionKey } from '../sort-words.ts';
import { RuleRow, ruleFor } from './board-rule-row.tsx';

type Draft = { name: string; conditions: BoardConditions; columns: BoardColumn[]; sort: BoardSort };

const draftOf = (board?: TicketBoard): Draft => ({
  name: board?.name ?? '',
  conditions: board?.conditions ?? { match: 'ALL', rules: [] },
  columns: board ? [...board.columns] : [...DEFAULT_BOARD_COLUMNS],
  sort: board?.sort ?? { field: 'createTime', direction: 'DESC' },
});

/**
 * A board's name, conditions (all or any of the rules, each a field, an operator and a value), columns and
 * sort; checked with the domain's schema before it is sent. Board 1 cannot be deleted.
 */
export const BoardDialog = ({
  board,
  onClose,
  onSaved,
  onDeleted,
}: {
  board?: TicketBoard;
  onClose: () => void;
  onSaved?: (board: TicketBoard) => void;
  onDeleted?: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveBoardMutation(board?.id);
  const remove = useDeleteBoardMutation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(board));
  const [tried, setTried] = useState(false);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const setRules = (rules: BoardRule[]) => set({ conditions: { ...draft.conditions, rules } });
  const ruleErrors = draft.conditions.rules.map((rule) =>
    tried ? (boardRuleProblem(rule) ?? undefined) : undefined,
  );
  const nameError = tried && !draft.name.trim() ? t('ticketing.required') : undefined;
  const columnsError =
    tried && draft.columns.length === 0 ? t('ticketing.boardDialog.columnsRequired') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const parsed = SaveTicketBoardRequest.safeParse(draft);
    if (!parsed.success) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: t('ticketing.boardDialog.saved', { name: saved.name }),
        });
        onSaved ? onSaved(saved) : onClose();
      },
    });
  };

  const confirmDelete = (existing: TicketBoard) =>
    modals.openConfirmModal({
      title: t('ticketing.boardDialog.deleteTitle', { name: existing.name }),
      children: <Text size="sm">{t('ticketing.boardDialog.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(existing.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('ticketing.boardDialog.deleted') });
            onDeleted ? onDeleted() : onClose();
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        board
          ? t('ticketing.boardDialog.editTitle', { name: board.name })
          : t('ticketing.boardDialog.newTitle')
      }
      size="xl"
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
              label={t('ticketing.boardDialog.name')}
              withAsterisk
              data-autofocus
              maxLength={100}
              value={draft.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={nameError}
            />
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500} id="board-match-label">
                  {t('ticketing.boardDialog.conditions')}
                </Text>
                <SegmentedControl
                  aria-labelledby="board-match-label"
                  size="xs"
                  value={draft.conditions.match}
                  onChange={(match) =>
                    set({ conditions: { ...draft.conditions, match: match as 'ALL' | 'ANY' } })
                  }
                  data={[
                    { value: 'ALL', label: t('ticketing.boardDialog.matchAll') },
                    { value: 'ANY', label: t('ticketing.boardDialog.matchAny') },
                  ]}
                />
              </Group>
              {draft.conditions.rules.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('ticketing.boardDialog.noRules')}
                </Text>
              )}
              {draft.conditions.rules.map((rule, index) => (
                <RuleRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; a rule is its place in the list.
                  key={index}
                  rule={rule}
                  index={index}
                  error={ruleErrors[index]}
                  onChange={(next) =>
                    setRules(draft.conditions.rules.map((r, i) => (i === index ? next : r)))
                  }
                  onRemove={() => setRules(draft.conditions.rules.filter((_, i) => i !== index))}
                />
              ))}
              <Button
                variant="subtle"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} />}
                disabled={draft.conditions.rules.length >= BOARD_MAX_RULES}
                onClick={() => setRules([...draft.conditions.rules, ruleFor('statusCategory')])}
              >
                {t('ticketing.boardDialog.addRule')}
              </Button>
            </Stack>
            <MultiSelect
              label={t('ticketing.boardDialog.columns')}
              description={t('ticketing.boardDialog.columnsHint')}
              data={boardColumns.map((column) => ({ value: column, label: t(`ticketing.column.${column}`) }))}
              value={draft.columns}
              onChange={(columns) => set({ columns: columns as BoardColumn[] })}
              error={columnsError}
            />
            <Group grow>
              <Select
                label={t('ticketing.boardDialog.sortField')}
                data={boardSortFields.map((field) => ({
                  value: field,
                  label: t(`ticketing.sortField.${field}`),
                }))}
                value={draft.sort.field}
                onChange={(field) =>
                  field && set({ sort: { ...draft.sort, field: field as BoardSort['field'] } })
                }
                allowDeselect={false}
              />
              <Select
                label={t('ticketing.boardDialog.sortDirection')}
                data={(['DESC', 'ASC'] as const).map((direction) => ({
                  value: direction,
                  label: t(sortDirectionKey(draft.sort.field, direction)),
                }))}
                value={draft.sort.direction}
                onChange={(direction) =>
                  direction &&
                  set({ sort: { ...draft.sort, direction: direction as BoardSort['direction'] } })
                }
                allowDeselect={false}
              />
            </Group>
            <Group justify="space-between">
              {board && !board.isSystem ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => confirmDelete(board)}
                >
                  {t('common.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Group>
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('common.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
