import { API_PREFIX } from '../../contract/endpoint';

const SERVER_PATH = new RegExp(`^(?:${API_PREFIX}|/healthz|/readyz|/metrics)(?:[/?]|$)`);

/**
 * Whether a path is one of the server's own answers (the API and the probes)
 * rather than the web app's pages and files, which are served for any other path.
 */
export const isServerPath = (url: string) => SERVER_PATH.test(url);
