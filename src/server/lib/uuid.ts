/**
 * Whether a text is a UUID, the form of every row's id: a value a client or provider sends that is not
 * one names nothing, and is not sent to the database, which would refuse it as malformed.
 */
export const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
