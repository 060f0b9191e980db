/** A print window closes itself 500 ms after it opens (docs/product-rules.md, Printing). */
export const printWindowCloseMs = 500;

/**
 * Opens a print link (data.url of a print call) in a new window that closes itself after 500 ms, once the
 * browser has handed the PDF to its viewer. Answers false when a popup blocker stopped it, so the screen can
 * offer the link instead.
 */
export function openPrintWindow(url: string): boolean {
  const printWindow = window.open(url, '_blank');
  if (!printWindow) return false;
  window.setTimeout(() => printWindow.close(), printWindowCloseMs);
  return true;
}

/** Downloads a file link (a CSV print link) through a temporary <a download>, without leaving the screen. */
export function downloadLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noreferrer';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads a file fetched behind the login (a Blob) under its name, without leaving the screen. */
export function downloadBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file once the download has started; the address is let go after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
