import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHelpFlags } from '../../../app/branding/queries.ts';
import { useHasPermission } from '../../../app/session/queries.ts';
import { HelpTicketForm } from './help-ticket-form.tsx';

/**
 * The "submit help ticket" view of the stack (spec §2, §3): the form, or why there is none (the branding
 * turned tickets off, or the role may not submit). A sent ticket's id stays above the emptied form.
 */
export const HelpTicketView = () => {
  const { t } = useTranslation();
  const { isSubmitTicketShown } = useHelpFlags();
  const canSubmit = useHasPermission('helpTickets.submit');
  const [submittedId, setSubmittedId] = useState<string | null>(null);
  // The form was scrolled down to its Submit button: bring the confirmation into view.
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submittedId !== null) confirmation.current?.scrollIntoView?.({ block: 'nearest' });
  }, [submittedId]);
  return (
    <Stack gap="sm">
      <Title order={5}>{t('help.ticketTitle')}</Title>
      {!isSubmitTicketShown ? (
        <Text size="sm" c="dimmed">
          {t('help.ticketUnavailable')}
        </Text>
      ) : !canSubmit ? (
        <Text size="sm" c="dimmed">
          {t('help.ticketNoPermission')}
        </Text>
      ) : (
        <>
          {submittedId === null ? (
            <Text size="sm" c="dimmed">
              {t('help.ticketIntro')}
            </Text>
          ) : (
            <Alert
              ref={confirmation}
              color="green"
              icon={<IconCircleCheck size={18} />}
              title={t('help.ticket.submittedTitle')}
              role="status"
              withCloseButton
              onClose={() => setSubmittedId(null)}
            >
              {t('help.ticket.submitted', { ticketId: submittedId })}
            </Alert>
          )}
          <HelpTicketForm onSubmitted={setSubmittedId} />
        </>
      )}
    </Stack>
  );
};
