import type { TestApp } from './app';

/** The part of a JSON Schema the tests read. */
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

export interface Description {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

/** The OpenAPI description the app serves, as an outside client reads it. */
export async function servedDescription(t: Pick<TestApp, 'app'>) {
  return (await t.app.inject('/api/docs/json')).json() as Description;
}

/** Every operation of a description, with its method (upper case) and path. */
export const operationsOf = (doc: Description) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
