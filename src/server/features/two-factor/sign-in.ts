import type { Executor } from '../../db/client';

/**
 * What a right second factor at sign-in leads to: the session, opened in the same transaction by
 * whoever signs members in (features/auth), which sits above this feature and hands it in.
 */
export type OpenSession<T> = (tx: Executor, userId: string) => Promise<T>;
