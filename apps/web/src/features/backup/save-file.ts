/** Hands a file to the browser's download (an object URL clicked, then released). */
export const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Released after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
