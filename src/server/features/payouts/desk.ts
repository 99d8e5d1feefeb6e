import type { WITHDRAWAL_METHODS } from '../../../contract/gamification-rules';
import type { PayoutProvider } from '../../../contract/payouts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { PayPal } from './paypal';
import { reconcilePayouts } from './reconcile';
import { type Sending, sendApproved } from './sending';

/**
 * The payout providers configured (DESIGN §17), and the sending of approved
 * payouts. Sending runs as a job (jobs/scheduler.ts) where the scheduler runs,
 * and in this process otherwise; either way the reconciler sends whatever a
 * crash left approved.
 */
export class PayoutDesk {
  readonly paypal?: PayPal;
  private queue?: () => Promise<unknown>;
  private running: Promise<unknown> = Promise.resolve();
  /** Where a failed send is told: the app's log, once there is one (reportTo). */
  private onError: (err: unknown) => void = (err) => console.error(err);

  constructor(
    config: Config['payouts'],
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    if (config.paypal) this.paypal = new PayPal(config.paypal);
  }

  get sending(): Sending {
    return { db: this.db, clock: this.clock, providers: this.paypal ? { paypal: this.paypal } : {} };
  }

  /** Who pays a withdrawal by this method: PayPal's API for a PayPal address when it is configured, else staff. */
  providerFor(method: (typeof WITHDRAWAL_METHODS)[number]): PayoutProvider {
    return method === 'paypal' && this.paypal ? 'paypal' : 'manual';
  }

  /** Which providers are on, for Settings: one without keys is off and says so. */
  status() {
    return { paypal: Boolean(this.paypal), tremendous: false };
  }

  /** Has approved payouts sent soon: by the job queue where one runs, else here, one run after another. */
  sendSoon() {
    if (this.queue) {
      this.queue().catch(this.onError);
      return;
    }
    this.running = this.running.then(() => sendApproved(this.sending)).catch(this.onError);
  }

  reportTo(onError: (err: unknown) => void) {
    this.onError = onError;
  }

  /** The job queue's way to send them, once the scheduler has started. */
  sendThrough(send: () => Promise<unknown>) {
    this.queue = send;
  }

  /** Reads back sent payouts whose webhook has not come: the reconciler's run. */
  reconcile(afterSeconds: number) {
    return reconcilePayouts(this.sending, afterSeconds);
  }

  /** Settles once every send started here has finished (tests, and a closing process). */
  async idle() {
    await this.running;
  }
}
