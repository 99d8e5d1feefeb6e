import type { WithdrawalMethod } from '../../../contract/gamification-rules';
import type { PayoutProvider, PayoutProviders } from '../../../contract/payouts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { penceToPounds } from '../../lib/money';
import { staffNotices, tellStaff } from '../notifications/staff-notices';
import { PayPal } from './paypal';
import { reconcilePayouts } from './reconcile';
import { type Sending, sendApproved } from './sending';
import { Tremendous } from './tremendous';

/**
 * The payout providers configured (DESIGN §17), and the sending of approved
 * payouts. Sending runs as a job (jobs/scheduler.ts) where the scheduler runs,
 * and in this process otherwise; either way the reconciler sends whatever a
 * crash left approved.
 */
export class PayoutDesk {
  readonly paypal?: PayPal;
  readonly tremendous?: Tremendous;
  private queue?: () => Promise<unknown>;
  private running: Promise<unknown> = Promise.resolve();
  /** Where a failed send is told: the app's log, once there is one (reportTo). */
  private onError: (err: unknown) => void = (err) => console.error(err);

  constructor(
    private readonly config: Config['payouts'],
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    if (config.paypal) this.paypal = new PayPal(config.paypal);
    if (config.tremendous) this.tremendous = new Tremendous(config.tremendous);
  }

  get sending(): Sending {
    return {
      db: this.db,
      clock: this.clock,
      providers: {
        ...(this.paypal && { paypal: this.paypal }),
        ...(this.tremendous && { tremendous: this.tremendous }),
      },
    };
  }

  /**
   * Who pays a withdrawal by this method: PayPal's API for a PayPal address, and Tremendous for a gift
   * card, when each is configured; otherwise staff, by hand.
   */
  providerFor(method: WithdrawalMethod): PayoutProvider {
    if (method === 'paypal' && this.paypal) return 'paypal';
    if (method === 'giftcard' && this.tremendous) return 'tremendous';
    return 'manual';
  }

  /**
   * Which providers are on, for Settings: one without keys is off and says what to set. Tremendous's
   * balance is read where it is on (PayPal's Payouts API gives none).
   */
  async providers(): Promise<PayoutProviders['providers']> {
    const balancePence = await this.tremendous?.balancePence().catch(() => null);
    const held = (pence: number | null | undefined) => ({
      balance: pence == null ? null : penceToPounds(pence),
      low: pence != null && pence < this.config.lowBalancePence,
    });
    return [
      {
        name: 'paypal',
        on: Boolean(this.paypal),
        ...held(null),
        note: this.paypal
          ? `Withdrawals to a PayPal address are paid through PayPal's Payouts API (${this.config.paypal?.apiUrl}).${this.config.paypal?.webhookId ? '' : ' PAYPAL_WEBHOOK_ID is not set: PayPal’s events are refused, and payouts settle when the reconciler reads them back.'}`
          : 'Off: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to pay PayPal addresses through PayPal. Until then they are paid by hand.',
      },
      {
        name: 'tremendous',
        on: Boolean(this.tremendous),
        ...held(balancePence),
        note: this.tremendous
          ? 'Gift-card prizes are sent through Tremendous as soon as they are claimed.'
          : 'Off: set TREMENDOUS_API_KEY and TREMENDOUS_CAMPAIGN_ID to send gift-card prizes through Tremendous. Until then they are posted by hand.',
      },
      {
        name: 'manual',
        on: true,
        note: 'Bank transfers, and anything no provider pays, are paid by hand and marked paid with their reference.',
        ...held(null),
      },
    ];
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

  /** The job queue's way to send them, once the scheduler has started; undefined once it stops. */
  sendThrough(send: (() => Promise<unknown>) | undefined) {
    this.queue = send;
  }

  /**
   * The reconciler's run: reads back sent payouts whose webhook has not come, and tells staff, once a
   * day, of a provider whose balance is below PAYOUT_LOW_BALANCE_POUNDS.
   */
  async reconcile(afterSeconds: number) {
    const done = await reconcilePayouts(this.sending, afterSeconds);
    const low = (await this.providers()).filter((p) => p.low);
    const now = this.clock.now();
    for (const p of low)
      await tellStaff(
        this.db,
        'payouts',
        staffNotices.lowBalance({ provider: p.name, balance: p.balance! }, now),
        now,
      );
    return { ...done, lowBalances: low.length };
  }

  /** Settles once every send started here has finished (tests, and a closing process). */
  async idle() {
    await this.running;
  }
}
