/** Saves text as a file through a temporary link (the browser's own download, no server round trip). */
export function downloadText(filename: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: Chromium starts the download from the click, after this returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
