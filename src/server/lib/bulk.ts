import { AppError } from './app-error';

/**
 * A staff action on several rows at once (contract `bulkResults`): each in a transaction of its own,
 * one after another, exactly as if taken alone, so one refused (answered with why) leaves the others
 * done. `act` says what became of one; a refusal is its error's message.
 */
export async function eachOf<O extends string>(
  ids: string[],
  act: (id: string) => Promise<{ outcome: O; message: string | null }>,
) {
  const results: { _id: string; outcome: O | 'refused'; message: string | null }[] = [];
  for (const id of ids) {
    try {
      results.push({ _id: id, ...(await act(id)) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      results.push({ _id: id, outcome: 'refused', message: err.message });
    }
  }
  return { results };
}
