import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TICKET_MAX_ATTACHMENTS, type TicketResponse } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { useAttachmentUploads } from '../../../components/attachments/use-attachment-uploads.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useTicketQuery, useUpdateTicketMutation } from '../queries.ts';
import { type TicketDraft, useTicketDraft } from '../ticket-draft.ts';
import { TicketAttachments } from './ticket-attachments.tsx';
import { TicketDescription } from './ticket-description.tsx';
import { TicketFields } from './ticket-fields.tsx';
import { TicketHeader } from './ticket-header.tsx';
import { TicketLog } from './ticket-log.tsx';
import { TicketPanels } from './ticket-panels.tsx';
import { TimeTracking } from './time-tracking.tsx';

/** Where "Back" goes: the list the ticket was opened from, else the fixed board. */
const useBackLink = () => {
  const { t } = useTranslation();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return {
    to: from ?? links.ticketBoard(),
    label: from ? t('ticketing.ticket.back') : t('ticketing.ticket.backToBoard'),
  };
};

/** A save's refusal: a stale version (409) with the reload that drops the changes, else the server's message. */
const SaveError = ({ error, onReload }: { error: Error; onReload: () => void }) => {
  const { t } = useTranslation();
  const isConflict = error instanceof ApiError && error.code === 'TICKET_VERSION_CONFLICT';
  return (
    <Alert
      color={isConflict ? 'orange' : 'red'}
      icon={<IconAlertCircle size={18} />}
      role="alert"
      title={isConflict ? t('ticketing.ticket.conflictTitle') : t('ticketing.ticket.saveFailed')}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {isConflict && (
          <Button size="xs" variant="white" leftSection={<IconRefresh size={14} />} onClick={onReload}>
            {t('ticketing.ticket.reload')}
          </Button>
        )}
      </Group>
    </Alert>
  );
};

/** The bar of unsaved changes: it stays in view at the top of the page while there are any. */
const SaveBar = ({
  isSaving,
  isUploading,
  onSave,
  onDiscard,
}: {
  isSaving: boolean;
  /** Files still on their way: the save waits for them. */
  isUploading: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="sm"
      p="xs"
      role="region"
      aria-label={t('ticketing.ticket.unsaved')}
      style={{ position: 'sticky', top: 64, zIndex: 5 }}
    >
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('ticketing.ticket.unsaved')}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onDiscard} disabled={isSaving}>
            {t('ticketing.ticket.discard')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={14} />}
            onClick={onSave}
            loading={isSaving}
            disabled={isUploading}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
};

const TicketView = ({ answer, reload }: { answer: TicketResponse; reload: () => Promise<unknown> }) => {
  const { t } = useTranslation();
  const { ticket, timer } = answer;
  const canManage = useHasPermission('ticketing.manage');
  const draft: TicketDraft = useTicketDraft(ticket);
  const uploads = useAttachmentUploads({ max: TICKET_MAX_ATTACHMENTS });
  const save = useUpdateTicketMutation(ticket.id);
  const isDirty = draft.isDirty || uploads.successIds.length > 0;
  useUnsavedChangesGuard(canManage && isDirty);
  const back = useBackLink();
  const [isReloading, setReloading] = useState(false);
  const readOnly = !canManage || save.isPending;

  const submit = () => {
    const request = draft.request();
    if (uploads.successIds.length > 0)
      request.attachmentIds = [...(draft.valueOf('attachmentIds') ?? []), ...uploads.successIds];
    save.mutate(request, {
      onSuccess: () => {
        draft.reset();
        uploads.clear();
        notifications.show({ color: 'green', message: t('ticketing.ticket.saved') });
      },
    });
  };

  const reloadTicket = async () => {
    setReloading(true);
    await reload().finally(() => setReloading(false));
    draft.reset();
    save.reset();
    notifications.show({ color: 'blue', message: t('ticketing.ticket.reloaded') });
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <TicketHeader ticket={ticket} draft={draft} readOnly={readOnly} />
      {canManage && isDirty && (
        <SaveBar
          isSaving={save.isPending}
          isUploading={uploads.isUploading}
          onSave={submit}
          onDiscard={() => {
            draft.reset();
            for (const item of uploads.items) uploads.remove(item);
            save.reset();
          }}
        />
      )}
      {save.error && <SaveError error={save.error} onReload={isReloading ? () => undefined : reloadTicket} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TicketDescription ticket={ticket} draft={draft} readOnly={readOnly} />
            <TicketAttachments draft={draft} ticket={ticket} uploads={uploads} readOnly={readOnly} />
            <TicketLog ticket={ticket} canManage={canManage} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <TicketFields ticket={ticket} draft={draft} readOnly={readOnly} />
            <TimeTracking ticket={ticket} timer={timer} canManage={canManage} />
            <TicketPanels ticket={ticket} canManage={canManage} onTicketChanged={reload} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/**
 * `/ticketing/ticket/:id`: one ticket. Its fields change in place and are saved together with the version read
 * (a change by someone else meanwhile answers 409: its message shows with a reload); comments, time and the
 * timer are saved at once and written to its log.
 */
export const TicketPage = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const query = useTicketQuery(ticketId);
  return (
    <QueryState query={query} notFoundTitle={t('ticketing.ticket.notFound')}>
      {(answer) => <TicketView answer={answer} reload={() => query.refetch()} />}
    </QueryState>
  );
};
