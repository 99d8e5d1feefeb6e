/** Winners lists fail quietly to an empty list (SPEC §8): the page around them still works. */
export async function orEmpty<T>(load: Promise<{ winners: T[] }>): Promise<T[]> {
  try {
    return (await load).winners;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('Could not load winners', err);
    return [];
  }
}
