import { saveFile } from '../../lib/save-file';

/** Offers `data` to the user as a JSON file download. */
export const saveJsonFile = (data: unknown, fileName: string) =>
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
