import type { ErrorBody } from '../../contract/common';

export const TOKEN_KEY = 'token';

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** An error answer from the API, carrying the server's own text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The whole error body, for the few screens that read more than its text. */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Told why, when the server gives a reason (a suspension); nothing for a token that simply expired. */
type Listener = (reason?: string) => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when the server says our token is no longer good, or the account may not be used, so the session can sign out. */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => void unauthorizedListeners.delete(listener);
}

/**
 * A suspended member's restricted session (DESIGN §19) asked for something it may not do: the app takes
 * them to their standing, told why, and keeps them signed in.
 */
const restrictedListeners = new Set<Listener>();
export function onRestricted(listener: Listener) {
  restrictedListeners.add(listener);
  return () => void restrictedListeners.delete(listener);
}

/** Asks the person for a fresh second factor; true once given, false if they declined. */
type Reauthenticate = () => Promise<boolean>;
let reauthenticate: Reauthenticate | undefined;

/**
 * What to do when a call needs a recent second factor (403 `reauth_required`, DESIGN §12): the console
 * asks for a code, and the call is sent once more. The refused call changed nothing, so sending it
 * again is safe.
 */
export function onReauthRequired(handler: Reauthenticate) {
  reauthenticate = handler;
  return () => {
    if (reauthenticate === handler) reauthenticate = undefined;
  };
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** More request headers: an Idempotency-Key, the device id. */
  headers?: Record<string, string>;
}

/**
 * The one way the web app talks to the API: JSON in and out (a form with a file goes as multipart, its
 * type and boundary set by the browser), the bearer token attached. `url` is urlOf()'s.
 */
export async function api<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers: extra } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
      // Public reads may be kept 5 s by caches in between; the site itself asks again each time,
      // which costs a 304 when nothing changed, so a member sees their own entry at once.
      cache: 'no-cache',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'We could not reach the server. Check your connection and try again.');
  }

  const data = await response.json().catch(() => undefined);
  if (!response.ok) {
    // No readable error (a proxy's HTML page, say): leave the text empty so the screen's own fallback shows.
    const body = data as ErrorBody | undefined;
    // A suspension that ended the session is refused with the reason: signed out and told why. One
    // that holds while they are signed in to a restricted session takes them to their standing.
    const suspended = response.status === 403 && body?.code === 'suspended';
    const listeners = suspended && body?.restricted ? restrictedListeners : unauthorizedListeners;
    if ((response.status === 401 || suspended) && token)
      for (const listener of listeners) listener(suspended ? body?.error : undefined);
    if (
      response.status === 403 &&
      body?.code === 'reauth_required' &&
      reauthenticate &&
      (await reauthenticate())
    )
      return api<T>(url, options);
    throw new ApiError(response.status, typeof body?.error === 'string' ? body.error : '', body?.code, body);
  }
  return data as T;
}

/** The server's text for a failed call, or the screen's own fallback. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.message ? err.message : fallback;
}
