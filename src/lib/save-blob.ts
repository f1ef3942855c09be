/** Hands `blob` to the browser as a download named `filename`, through a temporary object URL and link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; the next task may free the blob.
  setTimeout(() => URL.revokeObjectURL(url));
}
