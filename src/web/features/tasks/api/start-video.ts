import { api } from '../../../lib/api-client';

/** Starts a video ad: the server's ticket, claimable once the video has played to the end. */
export const startVideo = (id: string) =>
  api<{ ticket: string; adDuration: number }>(`/tasks/${encodeURIComponent(id)}/start`, { method: 'POST' });
