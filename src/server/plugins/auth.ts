import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleCan, type StaffPermission } from '../../contract/staff';
import type { AppContext } from '../context';
import {
  type ActingMember,
  gaveSecondFactorRecently,
  type SessionState,
  selfExclusionEnd,
} from '../lib/acting-member';
import {
  forbidden,
  reauthRequired,
  selfExcluded,
  staffCannotPlay,
  twoFactorRequired,
  unauthorized,
} from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts for, once a guard has checked its session; null for a visitor. */
    member: ActingMember | null;
    token: string | null;
    /** What the member's session has proved (its second factor), beside who they are. */
    session: SessionState | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
  return match?.[1] ?? null;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  requireUser: Hook;
  /** The same check with the screen's own words for a visitor, e.g. 'Please login to enter'. */
  requireUserSaying(message?: string): Hook;
  /** A member who is not staff (staff never play, DESIGN §12) and has not excluded themselves (§19). */
  requirePlayerSaying(message?: string): Hook;
  /** Any staff role, signed in with a second factor: the whole console's first check (DESIGN §12). */
  requireAdmin: Hook;
  /**
   * Staff whose role holds `permission` (contract/staff.ts); with `recent`, whose session gave its
   * second factor in the last RECENT_SIGN_IN_MINUTES.
   */
  requireStaff(permission: StaffPermission, recent?: boolean): Hook;
  /** Public routes that say more to a signed-in user; a missing or stale token just means a visitor. */
  optionalUser: Hook;
}

/** Route hooks that check the bearer token on the server; the UI hiding a link is never the protection. */
export function guards(ctx: Pick<AppContext, 'identify' | 'clock'>): Guards {
  /**
   * Who the token signs in; a member refused (on a break, say) is no one, and `refusal` says why. A
   * suspended member's restricted session signs them in only for the calls marked `whileSuspended`.
   */
  async function identify(request: FastifyRequest) {
    // Already known: a route's own guard under the admin routes' guard reads the session once.
    if (request.member) return undefined;
    const token = bearerToken(request);
    if (!token) return undefined;
    const { member, session, refusal, restriction } = await ctx.identify(token);
    if (restriction && !request.routeOptions.config.endpoint?.whileSuspended) return restriction;
    if (member) {
      request.member = member;
      request.token = token;
      request.session = session ?? null;
    }
    return refusal;
  }
  const requireUserSaying = (message?: string) => async (request: FastifyRequest) => {
    const refusal = await identify(request);
    if (refusal) throw refusal;
    if (!request.member) throw unauthorized(message);
  };
  const requireUser = requireUserSaying();
  const requireAdmin: Hook = async (request) => {
    await requireUser(request);
    if (!request.member?.staffRole) throw forbidden('Admins only');
    // Not enrolled, or enrolled but signed in before: either way the console asks for the second factor.
    if (!request.session?.secondFactorAt)
      throw twoFactorRequired('Staff need two-step verification: set it up or enter a code to continue');
  };
  return {
    requireUser,
    requireUserSaying,
    requirePlayerSaying: (message) => async (request) => {
      await requireUserSaying(message)(request);
      if (request.member!.staffRole) throw staffCannotPlay();
      const excludedUntil = selfExclusionEnd(request.member!, ctx.clock.now());
      if (excludedUntil) throw selfExcluded(excludedUntil);
    },
    // A public page reads the same for a refused member as for a visitor.
    optionalUser: async (request) => void (await identify(request)),
    requireAdmin,
    requireStaff: (permission, recent) => async (request, reply) => {
      await requireAdmin(request, reply);
      if (!roleCan(request.member!.staffRole, permission))
        throw forbidden(`This needs the ${permission} permission, which your role does not have`);
      if (recent && !gaveSecondFactorRecently(request.session, ctx.clock.now())) throw reauthRequired();
    },
  };
}
