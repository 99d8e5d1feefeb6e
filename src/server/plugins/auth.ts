import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../features/auth/repository';
import { userForToken } from '../features/auth/service';
import { forbidden, unauthorized } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
  return match?.[1] ?? null;
}

export interface Guards {
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Route hooks that check the bearer token on the server; the UI hiding a link is never the protection. */
export function guards(ctx: AppContext): Guards {
  async function requireUser(request: FastifyRequest) {
    const token = bearerToken(request);
    const user = token ? await userForToken(ctx.db, ctx.clock, token) : undefined;
    if (!token || !user) throw unauthorized();
    request.user = user;
    request.token = token;
  }
  return {
    requireUser,
    async requireAdmin(request) {
      await requireUser(request);
      if (!request.user?.isAdmin) throw forbidden('Admins only');
    },
  };
}
