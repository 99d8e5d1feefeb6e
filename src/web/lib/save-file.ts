import { type EndpointSpec, type Input, urlOf } from '../../contract/endpoint';
import { ApiError, tokenStore } from './api-client';

/** Offers `blob` to the user as a file download named `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after click() returns, so it is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file an endpoint streams (an admin's CSV export): fetched with
 * the session's token, which a plain link could not send, then saved.
 */
export async function downloadFile<E extends EndpointSpec>(spec: E, input: Input<E>, fileName: string) {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(urlOf(spec, input), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'We could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw new ApiError(response.status, typeof body?.error === 'string' ? body.error : '', body?.code, body);
  }
  saveFile(await response.blob(), fileName);
}
