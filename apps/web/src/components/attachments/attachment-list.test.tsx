import { messages } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createAttachment, signedUrlOf } from '../../test/attachment-factories.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { type AttachmentItem, attachmentItemOf } from './attachment-item.ts';
import { AttachmentList } from './attachment-list.tsx';
import { uploadFailureReason } from './use-attachment-uploads.ts';

const tileOf = (name: string) => {
  const tile = screen.getByText(name).closest('li');
  if (!tile) throw new Error(`no tile for ${name}`);
  return tile;
};

const image = createAttachment({
  metadata: { name: 'screenshot.png', mimeType: 'image/png', size: 2048, extension: 'png' },
});
const document_ = createAttachment({
  metadata: { name: 'report.pdf', mimeType: 'application/pdf', size: 1048576, extension: 'pdf' },
});

describe('attachment tiles (spec §4)', () => {
  it('PROCESSING spins and is dimmed; FAILURE and SUSPICIOUS show the error icon and message and do not open; SUCCESS opens', () => {
    const items: AttachmentItem[] = [
      {
        ...attachmentItemOf(createAttachment({ metadata: { name: 'busy.log' } })),
        uploadStatus: 'PROCESSING',
      },
      attachmentItemOf(createAttachment({ uploadStatus: 'FAILURE', metadata: { name: 'broken.bin' } })),
      attachmentItemOf(
        createAttachment({ uploadStatus: 'SUSPICIOUS', metadata: { name: 'invoice.pdf.exe' } }),
      ),
      attachmentItemOf(document_),
    ];
    renderWithProviders(<AttachmentList items={items} />);

    const processing = tileOf('busy.log');
    expect(within(processing).getByLabelText('Uploading busy.log')).toBeInTheDocument();
    expect(processing).toHaveAttribute('aria-busy', 'true');
    expect(processing).toHaveStyle({ opacity: '0.55' });
    expect(within(processing).queryByRole('button')).toBeNull();

    const failure = tileOf('broken.bin');
    expect(within(failure).getByTestId('attachment-error-icon')).toBeInTheDocument();
    expect(
      within(failure).getByText('There was an error while uploading the attachment'),
    ).toBeInTheDocument();
    expect(within(failure).queryByRole('button')).toBeNull();
    expect(failure).not.toHaveStyle({ opacity: '0.55' });

    const suspicious = tileOf('invoice.pdf.exe');
    expect(within(suspicious).getByTestId('attachment-error-icon')).toBeInTheDocument();
    expect(within(suspicious).getByText(messages.attachments.suspicious)).toBeInTheDocument();
    expect(within(suspicious).queryByRole('button')).toBeNull();

    const success = tileOf('report.pdf');
    expect(within(success).queryByTestId('attachment-error-icon')).toBeNull();
    expect(within(success).getByText('1 MB')).toBeInTheDocument();
    expect(within(success).getByRole('button', { name: 'Download report.pdf' })).toBeInTheDocument();
  });

  it('opens a SUCCESS image in a preview from its signed URL; Escape closes the preview and goes no further', async () => {
    const outsideEscape = vi.fn();
    const listener = (event: KeyboardEvent) => event.key === 'Escape' && outsideEscape();
    document.documentElement.addEventListener('keydown', listener);
    try {
      const { user } = renderWithProviders(<AttachmentList items={[attachmentItemOf(image)]} />);
      await user.click(screen.getByRole('button', { name: 'Preview screenshot.png' }));
      const dialog = await screen.findByRole('dialog', { name: 'screenshot.png' });
      expect(within(dialog).getByRole('img', { name: 'screenshot.png' })).toHaveAttribute(
        'src',
        image.signedUrl,
      );
      expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
        'download',
        'screenshot.png',
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(outsideEscape).not.toHaveBeenCalled();
    } finally {
      document.documentElement.removeEventListener('keydown', listener);
    }
  });

  it('downloads any other SUCCESS file through its signed URL', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderWithProviders(<AttachmentList items={[attachmentItemOf(document_)]} />);
    await user.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe(document_.signedUrl);
    expect(clicked[0]?.download).toBe('report.pdf');
  });

  it('asks for a fresh signed URL when the one it has is about to expire', async () => {
    const stale = { ...document_, signedUrl: signedUrlOf(document_.id, { ttlSeconds: 5 }) };
    const fresh = signedUrlOf(document_.id, { ttlSeconds: 900 });
    const fetchMock = mockFetch({
      [`GET /ws/attachments/${document_.id}`]: { ...document_, signedUrl: fresh },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user } = renderWithProviders(<AttachmentList items={[attachmentItemOf(stale)]} />);
    await user.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(clicked).toEqual([fresh]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers a remove button per tile when the list can remove', async () => {
    const onRemove = vi.fn();
    const { user } = renderWithProviders(
      <AttachmentList items={[attachmentItemOf(document_)]} onRemove={onRemove} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: document_.id }));
  });
});

describe('the reason of a refused upload', () => {
  it("drops the spec's message the tile shows already", () => {
    expect(
      uploadFailureReason(
        'There was an error while uploading the attachment: the file is larger than 100 MB.',
      ),
    ).toBe('The file is larger than 100 MB.');
    expect(uploadFailureReason('There was an error while uploading the attachment.')).toBeUndefined();
    expect(uploadFailureReason('You do not have permission')).toBe('You do not have permission');
  });
});
