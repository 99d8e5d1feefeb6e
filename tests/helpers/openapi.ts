import type { EndpointSpec } from '../../src/contract/endpoint';
import type { TestApp } from './app';
import { apiPath } from './inject';

/** Where the app serves its OpenAPI description, browsable, with the JSON at `/json` (plugins/swagger.ts). */
export const DOCS_PATH = apiPath('/docs');

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
  return (await t.app.inject(`${DOCS_PATH}/json`)).json() as Description;
}

/** Every operation of a description, with its method (upper case) and path. */
export const operationsOf = (doc: Description) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

/** An endpoint's path as a description writes it: `{id}` for `:id`. */
export const describedPath = (spec: Pick<EndpointSpec, 'path'>) => spec.path.replace(/:(\w+)/g, '{$1}');

/** The operation a description lists for an endpoint. */
export const operationOf = (doc: Description, spec: Pick<EndpointSpec, 'method' | 'path'>) =>
  doc.paths[describedPath(spec)]?.[spec.method.toLowerCase()];
