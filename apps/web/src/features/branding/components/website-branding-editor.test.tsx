import { allPermissions, IMAGE_RESIZE_DELAY_MS, LOGO_MAX_DIMENSION } from '@rmm/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrandingSettings } from '../../../test/branding-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { WebsiteBrandingEditor } from './website-branding-editor.tsx';

// The real cropper measures a loaded image, which jsdom never loads: this one reports a crop when asked.
vi.mock('react-easy-crop', () => ({
  default: ({ onCropComplete }: { onCropComplete: (area: object, pixels: object) => void }) => (
    <button type="button" onClick={() => onCropComplete({}, { x: 100, y: 50, width: 1600, height: 400 })}>
      crop
    </button>
  ),
}));
// jsdom has no image decoder: the chosen file "loads" as this image.
const decoded = { width: 2000, height: 1000 };
vi.mock('../image-resize.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../image-resize.ts')>()),
  loadImage: async () => decoded,
}));

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoRESIZED';
const drawImage = vi.fn();
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG_DATA_URL);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  drawImage.mockReset();
});

const openEditor = (routes: Record<string, unknown>) => {
  const fetchMock = mockFetch({ 'GET /auth/me': meAnswer([...allPermissions]), ...routes });
  const result = renderRoute(<WebsiteBrandingEditor />, {
    path: '/editor/websiteBranding',
    url: '/editor/websiteBranding',
  });
  return { ...result, fetchMock };
};

/** Chooses a file, crops, and lets the resize finish (fake clock: the 200 ms delay). */
const chooseAndCrop = async () => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['png bytes'], 'logo.png', { type: 'image/png' })] },
  });
  const crop = await screen.findByRole('button', { name: 'crop' });
  vi.useFakeTimers();
  fireEvent.click(crop);
};

describe('the logo image editor', () => {
  it('resizes the crop to the logo size only after the 200 ms delay, then uploads it as PNG', async () => {
    const { fetchMock, router } = openEditor({
      'PUT /settings/branding/logo': createBrandingSettings(),
    });
    await screen.findByRole('button', { name: 'Choose an image' });
    await chooseAndCrop();
    expect(screen.getByText('Resizing…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_RESIZE_DELAY_MS - 1));
    expect(drawImage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    // 1600 × 400 fits 512 on its longest side: 512 × 128.
    expect(await screen.findByText(`Result: ${LOGO_MAX_DIMENSION} × 128 px (PNG)`)).toBeInTheDocument();
    expect(drawImage).toHaveBeenCalledWith(decoded, 100, 50, 1600, 400, 0, 0, 512, 128);
    fireEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'PUT /settings/branding/logo')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'PUT /settings/branding/logo')[0]).toEqual({
      file: 'iVBORw0KGgoRESIZED',
      fileName: 'logo.png',
      mimeType: 'image/png',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/administration/general/branding/general'),
    );
  });

  it('shows the suspicious-image message when the server flags the file', async () => {
    openEditor({
      'PUT /settings/branding/logo': () =>
        errorAnswer(422, 'IMAGE_SUSPICIOUS', 'An image has been flagged as suspicious'),
    });
    await screen.findByRole('button', { name: 'Choose an image' });
    await chooseAndCrop();
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_RESIZE_DELAY_MS));
    vi.useRealTimers();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload logo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An image has been flagged as suspicious');
  });

  it('shows the upload error for any other failure', async () => {
    openEditor({
      'PUT /settings/branding/logo': () =>
        errorAnswer(413, 'IMAGE_TOO_LARGE', 'There was an error while uploading an image: too large.'),
    });
    await screen.findByRole('button', { name: 'Choose an image' });
    await chooseAndCrop();
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_RESIZE_DELAY_MS));
    vi.useRealTimers();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload logo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was an error while uploading an image');
    expect(alert).toHaveTextContent('too large.');
  });
});
