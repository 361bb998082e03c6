import {
  type AttachmentWithUrl,
  MAX_ATTACHMENT_SIZE_BYTES,
  messages,
  supportTicketCustomFieldIds,
  type UploadAttachmentRequest,
} from '@rmm/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAttachment } from '../../../test/attachment-factories.ts';
import { createPublicBranding } from '../../../test/branding-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { HelpTicketView } from './help-ticket-view.tsx';

const uploadPath = 'POST /ws/support/upload-attachment';
const ticketPath = 'POST /ws/support/ticket';

/** The ids the uploads got and the bodies they came with, by file name. */
const uploadedIds = new Map<string, string>();
const uploadedBodies = new Map<string, unknown>();

/** The server's answer to an upload: the file's name decides its status in these tests. */
const uploadAnswer = ({ body }: { body: unknown }): AttachmentWithUrl => {
  const { fileName } = body as UploadAttachmentRequest;
  const mimeType = fileName.endsWith('.png') ? 'image/png' : 'text/plain';
  const attachment = createAttachment({
    uploadStatus: fileName.startsWith('eicar') ? 'SUSPICIOUS' : 'SUCCESS',
    metadata: { name: fileName, mimeType, size: 5, extension: fileName.split('.').pop() },
  });
  uploadedIds.set(fileName, attachment.id);
  uploadedBodies.set(fileName, body);
  return attachment;
};

const renderView = (routes: MockRoutes = {}) => {
  const fetchMock = mockFetch({
    'GET /branding': createPublicBranding(),
    'GET /auth/me': meAnswer(['helpTickets.submit']),
    [uploadPath]: uploadAnswer,
    ...routes,
  });
  const view = renderRoute(<HelpTicketView />, { path: '/', url: '/' });
  return { ...view, fetchMock };
};

const subject = () => screen.findByRole('textbox', { name: /^Subject/ });
const body = () => screen.getByRole('textbox', { name: /^Describe the problem/ });
const fileInput = () => screen.getByLabelText('Add attachments');
const tileOf = (name: string) => {
  const tile = screen.getByText(name).closest('li');
  if (!tile) throw new Error(`no tile for ${name}`);
  return tile;
};
const fileOf = (name: string, content: string, type: string) => new File([content], name, { type });

describe('the submit-a-ticket view (spec §3, §5)', () => {
  it('checks the form with the domain rules before sending anything', async () => {
    const { user, fetchMock } = renderView();
    await subject();
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(screen.getAllByText(messages.validation.mandatory)).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'Cc' }), 'ann@example.com, not-an-address');
    await user.tab();
    expect(await screen.findByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(requestBodies(fetchMock, ticketPath)).toEqual([]);
  });

  it('counts the subject and the description against their limits as the user types', async () => {
    const { user } = renderView();
    const subjectInput = await subject();
    expect(screen.getByText('0 / 200')).toBeInTheDocument();
    expect(screen.getByText('0 / 20,000')).toBeInTheDocument();
    await user.type(subjectInput, 'Hello');
    expect(screen.getByText('5 / 200')).toBeInTheDocument();
    await user.click(body());
    fireEvent.change(body(), { target: { value: 'x'.repeat(20_001) } });
    await user.tab();
    expect(screen.getByText('20,001 / 20,000')).toBeInTheDocument();
    expect(screen.getByText('At most 20,000 characters')).toBeInTheDocument();
  });

  it('sends the help ticket with only the SUCCESS uploads, then shows its id and empties the form', async () => {
    const { user, fetchMock } = renderView({ [ticketPath]: { resultCode: 'SUCCESS', ticketId: '42' } });
    await subject();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'HIGH');
    // Pasted rather than typed key by key: the same values, in a fraction of the time.
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(screen.getByRole('textbox', { name: 'Category' }), 'Printing');
    await fill(await subject(), 'Printer offline');
    await fill(body(), 'It stopped at 9.');
    await fill(screen.getByRole('textbox', { name: 'Phone number' }), '+1 555 0100');
    await user.click(screen.getByRole('checkbox', { name: 'Call me back' }));
    await fill(screen.getByRole('textbox', { name: 'Cc' }), 'ann@example.com; bob@example.com');
    await user.upload(fileInput(), [
      fileOf('shot.png', 'PNG!!', 'image/png'),
      fileOf('notes.txt', 'hello', 'text/plain'),
      fileOf('eicar.txt', 'X5O', 'text/plain'),
    ]);
    await waitFor(() =>
      expect(within(tileOf('notes.txt')).getByRole('button', { name: 'Download notes.txt' })),
    );
    expect(within(tileOf('shot.png')).getByRole('button', { name: 'Preview shot.png' })).toBeInTheDocument();
    expect(within(tileOf('eicar.txt')).getByText(messages.attachments.suspicious)).toBeInTheDocument();

    // Each file went on its own, its bytes in base64.
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/upload-attachment')),
    ).toHaveLength(3);
    expect(uploadedBodies.get('notes.txt')).toEqual({ file: btoa('hello'), fileName: 'notes.txt' });

    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText(/Ticket 42 was submitted/)).toBeInTheDocument();
    const [ticket] = requestBodies(fetchMock, ticketPath);
    expect(ticket).toEqual({
      priority: 'HIGH',
      subject: 'Printer offline',
      comment: {
        body: 'It stopped at 9.',
        uploads: expect.arrayContaining([uploadedIds.get('shot.png'), uploadedIds.get('notes.txt')]),
      },
      customFields: [
        { id: supportTicketCustomFieldIds.phoneNumber, value: '+1 555 0100' },
        { id: supportTicketCustomFieldIds.category, value: 'Printing' },
        { id: supportTicketCustomFieldIds.callback, value: true },
        { id: supportTicketCustomFieldIds.language, value: 'en' },
      ],
      ccEmails: ['ann@example.com', 'bob@example.com'],
    });
    expect(ticket.comment.uploads).toHaveLength(2);
    expect(await subject()).toHaveValue('');
    expect(screen.queryByText('notes.txt')).toBeNull();
    // The suspicious file, never sent, is deleted; the two sent stay with the ticket.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input)),
      ).toEqual([`/ws/support/delete-attachment/${uploadedIds.get('eicar.txt')}`]),
    );
  });

  it('makes a file over 100 MB a FAILURE tile at once and never uploads it', async () => {
    const { user, fetchMock } = renderView();
    const huge = fileOf('disk.img', 'x', 'application/octet-stream');
    Object.defineProperty(huge, 'size', { value: MAX_ATTACHMENT_SIZE_BYTES + 1 });
    await subject();
    await user.upload(fileInput(), huge);
    const tile = tileOf('disk.img');
    expect(within(tile).getByText(messages.attachments.uploadError)).toBeInTheDocument();
    expect(within(tile).getByText('Larger than 100 MB')).toBeInTheDocument();
    expect(within(tile).getByTestId('attachment-error-icon')).toBeInTheDocument();
    expect(within(tile).queryByRole('button', { name: /disk\.img$/ })).toHaveAccessibleName(
      'Remove disk.img',
    );
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('upload-attachment'))).toBe(false);
  });

  it('shows PROCESSING while a file uploads and holds the submit until the answer gives its status', async () => {
    let answer: (value: AttachmentWithUrl) => void = () => {};
    const { user } = renderView({
      [uploadPath]: () => new Promise<AttachmentWithUrl>((resolve) => (answer = resolve)),
    });
    await subject();
    await user.upload(fileInput(), fileOf('log.txt', 'lines', 'text/plain'));
    const tile = tileOf('log.txt');
    expect(await within(tile).findByLabelText('Uploading log.txt')).toBeInTheDocument();
    expect(tile).toHaveAttribute('data-upload-status', 'PROCESSING');
    expect(screen.getByRole('button', { name: 'Submit ticket' })).toBeDisabled();
    expect(screen.getByText('Wait until the attachments have finished uploading.')).toBeInTheDocument();
    answer(createAttachment({ metadata: { name: 'log.txt' } }));
    expect(
      await within(tileOf('log.txt')).findByRole('button', { name: 'Download log.txt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit ticket' })).toBeEnabled();
  });

  it('makes an upload the server refuses a FAILURE tile with its reason', async () => {
    const { user } = renderView({
      [uploadPath]: errorAnswer(400, 'VALIDATION', 'A file name cannot contain control characters'),
    });
    await subject();
    await user.upload(fileInput(), fileOf('bad.txt', 'x', 'text/plain'));
    await waitFor(() => expect(tileOf('bad.txt')).toHaveAttribute('data-upload-status', 'FAILURE'));
    expect(within(tileOf('bad.txt')).getByText(messages.attachments.uploadError)).toBeInTheDocument();
    expect(
      within(tileOf('bad.txt')).getByText('A file name cannot contain control characters'),
    ).toBeInTheDocument();
  });

  it('deletes an uploaded file when its tile is removed', async () => {
    const attachment = createAttachment({ metadata: { name: 'extra.txt' } });
    const { user, fetchMock } = renderView({
      [uploadPath]: attachment,
      [`DELETE /ws/support/delete-attachment/${attachment.id}`]: { resultCode: 'SUCCESS' },
    });
    await subject();
    await user.upload(fileInput(), fileOf('extra.txt', 'x', 'text/plain'));
    await user.click(await screen.findByRole('button', { name: 'Remove extra.txt' }));
    expect(screen.queryByText('extra.txt')).toBeNull();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/ws/support/delete-attachment/${attachment.id}`,
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });

  it('uploads an image pasted into the form', async () => {
    const { fetchMock } = renderView();
    await subject();
    fireEvent.paste(body(), {
      clipboardData: { files: [fileOf('image.png', 'PNG', 'image/png')], types: ['Files'] },
    });
    expect(await screen.findByText(/^pasted-image-\d{8}-\d{6}\.png$/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/upload-attachment')),
      ).toHaveLength(1),
    );
  });

  it("shows the server's message when the ticket is refused, and keeps what was typed", async () => {
    const { user } = renderView({
      [ticketPath]: errorAnswer(400, 'VALIDATION', 'comment.uploads: an upload is not yours'),
    });
    await user.type(await subject(), 'Help');
    await user.type(body(), 'Please');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('comment.uploads: an upload is not yours');
    expect(await subject()).toHaveValue('Help');
  });

  it('shows no form when the branding turns tickets off', async () => {
    renderView({ 'GET /branding': createPublicBranding({ help: { submitTicket: false } }) });
    expect(await screen.findByText(/Submitting tickets is turned off/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Subject/ })).toBeNull();
  });

  it('tells a user whose role may not submit tickets', async () => {
    renderView({ 'GET /auth/me': meAnswer([]) });
    expect(await screen.findByText(/Your role does not allow submitting help tickets/)).toBeInTheDocument();
  });
});
