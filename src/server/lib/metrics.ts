import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { isServerPath } from './server-paths';

/**
 * The process's Prometheus metrics, in one registry: served at /metrics to
 * the holder of METRICS_TOKEN. Counters count attempts, so a change rolled
 * back and retried counts each time.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** A request's route label: its pattern (never the raw URL), with every file of the web app as one. */
export const routeLabel = (url: string | undefined) =>
  url === undefined ? 'unmatched' : isServerPath(url) ? url : 'static';

export const ledgerOperations = new Counter({
  name: 'ledger_operations_total',
  help: 'Ledger entries written, by account, direction and reason',
  labelNames: ['account', 'direction', 'reason'] as const,
  registers: [registry],
});

export const draws = new Counter({
  name: 'draws_total',
  help: 'Prize draws attempted, by result (drawn, or the refusal code)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Scheduled job runs, by job and result (ok or failed)',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});

let watched: Database | undefined;
/** The database whose pool /metrics reports: the one the process serves from. */
export const watchPool = (database: Database) => {
  watched = database;
};

new Gauge({
  name: 'db_pool_connections',
  help: 'Database connections by state (in_use, idle) and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    if (!watched) return;
    const use = watched.poolUse();
    this.set({ state: 'in_use' }, use.inUse);
    this.set({ state: 'idle' }, use.idle);
    this.set({ state: 'waiting' }, use.waiting);
  },
});
