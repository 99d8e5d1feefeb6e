const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before SQL sees them: one that cannot be a uuid names nothing (a 404, never a 500). */
export const isUuid = (id: string) => UUID.test(id);
