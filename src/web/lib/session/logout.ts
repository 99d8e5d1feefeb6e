import { api } from '../api-client';

export const logout = () => api<{ message: string }>('/auth/logout', { method: 'POST' });
