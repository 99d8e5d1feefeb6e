import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../../contract/endpoint';

/** OpenAPI generated from the zod contract the routes declare; browsable at /api/docs. */
async function openApiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, so a nullable enum lists null, as a validator reading it expects.
      openapi: '3.1.0',
      info: { title: 'Prize Draw API', version: '1.0.0' },
      // The site that serves the description serves the API, at the paths it lists.
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
}

// Not encapsulated: these hooks and handlers apply to every route of the app.
export const openApi = fp(openApiPlugin, { name: 'openApi' });
