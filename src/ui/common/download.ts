/** Saves text as a file through a blob: URL the app made itself (no server data in the URL). */
export function downloadText(fileName: string, text: string | BlobPart[], type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob(typeof text === 'string' ? [text] : text, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
