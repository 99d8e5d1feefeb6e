/** Offers `data` to the user as a JSON file download. */
export function saveJsonFile(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after click() returns, so it is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
