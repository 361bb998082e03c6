import { notifications } from '@mantine/notifications';
import type { DeviceSearch } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { emptyCriteria } from '../../components/criteria/criteria.ts';
import {
  SearchDialog,
  type SearchDialogValues,
} from '../../features/device-search/components/search-dialog.tsx';
import { useCreateSearchMutation, useUpdateSearchMutation } from '../../features/device-search/queries.ts';
import { DEVICE_GROUP_SEARCH_GROUP } from '../../features/device-search/search-groups.ts';

/** Creates a group (no `group`) or changes its name and criteria. */
export const GroupDialog = ({
  group,
  onClose,
  onSaved,
}: {
  group?: DeviceSearch;
  onClose: () => void;
  onSaved?: (group: DeviceSearch) => void;
}) => {
  const { t } = useTranslation();
  const create = useCreateSearchMutation();
  const update = useUpdateSearchMutation();
  const mutation = group ? update : create;
  const onSuccess = (saved: DeviceSearch) => {
    notifications.show({ color: 'green', message: t('groups.saved') });
    onSaved?.(saved);
    onClose();
  };
  const submit = (values: SearchDialogValues) =>
    group
      ? update.mutate({ id: group.id, body: values }, { onSuccess })
      : create.mutate({ ...values, searchGroup: DEVICE_GROUP_SEARCH_GROUP }, { onSuccess });
  return (
    <SearchDialog
      title={group ? t('groups.edit') : t('groups.new')}
      initialValues={
        group ? { search: group.search, criteria: group.criteria } : { search: '', criteria: emptyCriteria() }
      }
      isCriteriaShown
      isSubmitting={mutation.isPending}
      error={mutation.error?.message}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};
