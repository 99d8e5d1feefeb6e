import type { RegisterBody, SessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) =>
  api<SessionResponse>('/auth/register', { method: 'POST', body });
