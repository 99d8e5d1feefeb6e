/**
 * Whether a path is one of the server's own answers (the API and the probes)
 * rather than the web app's pages and files, which are served for any other path.
 */
export const isServerPath = (url: string) => /^\/(api|healthz|readyz|metrics)(?:[/?]|$)/.test(url);
