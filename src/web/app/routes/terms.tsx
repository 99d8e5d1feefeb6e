import { Link } from 'react-router';
import {
  DEFAULT_AD_SECONDS,
  MINIMUM_AGE,
  OFFER_CREDIT_HOURS,
  REFERRAL_PAID_WHEN,
  WELCOME_BONUS,
} from '../../../contract/constants';
import { COMPLAINT_REPLY_WORKING_DAYS } from '../../../contract/operator-rules';
import { ContentPage } from '../../components/content-page';
import { paths } from '../../config/paths';
import {
  CASH_PAID_BY,
  ENTRY_COST_RULE,
  MIN_WITHDRAWAL,
  SPIN_RULE,
  WEEKLY_PRIZES_TEXT,
  WHEEL_PRIZE_NAMES,
} from '../../lib/rules-words';

export function TermsPage() {
  return (
    <ContentPage
      title="Terms and conditions"
      subtitle="The agreement between you and PrizeDraw when you use our website."
      updated="22 November 2026"
    >
      <h2>1. About these terms</h2>
      <p>
        These terms apply whenever you use the PrizeDraw website and your PrizeDraw account. PrizeDraw (“we”,
        “us”, “our”) runs the website and promotes the prize draws on it. By creating an account, you agree to
        these terms. Please read them alongside our <Link to={paths.contestRules}>contest rules</Link>, which
        govern how the prize draws work, and our <Link to={paths.privacy}>privacy policy</Link>, which
        explains how we look after your personal data.
      </p>
      <p>
        If you have any questions about these terms, please get in touch through our{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>

      <h2>2. Who can join</h2>
      <ul>
        <li>You must be a UK resident aged 18 or over to create an account and take part.</li>
        <li>Each person may have only one account.</li>
        <li>
          The details you give us must be accurate and your own, as we need them to contact you and deliver
          any prize you win.
        </li>
      </ul>
      <p>
        When you claim a prize we ask for your date of birth. A winner who was under {MINIMUM_AGE} on the draw
        date cannot be awarded the prize, and that win is forfeited. We may also ask for reasonable proof of
        your age, identity or residence before awarding a prize.
      </p>

      <h2>3. Free to play</h2>
      <p>
        PrizeDraw is free to join and free to play. No purchase or payment is ever necessary to enter a prize
        draw or to win. Entries cannot be bought; they can only be earned in the ways described on our{' '}
        <Link to={paths.howItWorks}>how it works</Link> page. Entries have no cash value and cannot be sold,
        exchanged or transferred to another account.
      </p>

      <h2>4. Your account</h2>
      <p>
        You can sign up with your email address and a password, or with Google or Apple where offered. We
        email you a link to verify your address; you need a verified address to claim a prize. If you forget
        your password, “Forgot password?” on the sign-in page emails you a link to choose a new one. Changing
        your password or email address signs out every other device.
      </p>
      <p>
        You’re responsible for keeping your password safe and for everything that happens under your account.
        Your <Link to={paths.account}>account page</Link> lists the devices signed in to it, and lets you sign
        any of them out. If you think someone else has accessed your account, please tell us straight away
        through our <Link to={paths.contact}>contact page</Link>.
      </p>

      <h2>5. Earning entries</h2>
      <p>
        You earn entries by completing tasks, which may include following our social accounts (X/Twitter,
        Instagram and YouTube), watching short video ads of about {DEFAULT_AD_SECONDS} seconds, completing
        surveys, offer-wall offers, app trials, email sign-ups and referring friends. The number of entries
        for each task is shown before you start.
      </p>
      <ul>
        <li>New members receive a welcome bonus of {WELCOME_BONUS} free entries on sign-up.</li>
        <li>
          Entries for offer-wall offers are credited within {OFFER_CREDIT_HOURS} hours, once our partner
          confirms completion.
        </li>
        <li>
          Referral entries are credited once the friend you referred {REFERRAL_PAID_WHEN}. Referring yourself,
          or people who don’t genuinely exist, is not allowed.
        </li>
        <li>
          Some tasks are provided by third-party partners. When you complete them, you may also be subject to
          the partner’s own terms and privacy policy.
        </li>
      </ul>

      <h2>6. Bonuses and cash rewards</h2>
      <ul>
        <li>
          <strong>Daily streaks:</strong> a streak day counts when you open your dashboard. Missing a day
          resets your streak.
        </li>
        <li>
          <strong>Achievements:</strong> reaching certain milestones unlocks achievements with entry rewards.
        </li>
        <li>
          <strong>Instant-win wheel:</strong> {SPIN_RULE} Wheel prizes are {WHEEL_PRIZE_NAMES}, at the odds
          the Contest Rules state.
        </li>
        <li>
          <strong>Weekly leaderboard:</strong> the 10 members who earn the most entries in a week (Monday to
          Sunday, UK time) win cash: {WEEKLY_PRIZES_TEXT}.
        </li>
      </ul>
      <p>
        Cash won from the wheel or the leaderboard is added to your cash balance. You can withdraw your cash
        balance once it reaches {MIN_WITHDRAWAL}, {CASH_PAID_BY} in your name.
      </p>

      <h2>7. Prize draws</h2>
      <p>
        You can spend your entries on the prize draws listed on our <Link to={paths.prizes}>prizes</Link>{' '}
        page. {ENTRY_COST_RULE} Once a draw has been made, entries in it are final. If a prize draw is
        cancelled, every entry spent on it is refunded.
      </p>
      <p>
        Draws, winner selection, notification and prize delivery are covered in full by our{' '}
        <Link to={paths.contestRules}>contest rules</Link>, which form part of these terms.
      </p>

      <h2>8. Fair play</h2>
      <p>To keep PrizeDraw fair for everyone, you must not:</p>
      <ul>
        <li>use bots, scripts or any automated means to complete tasks or enter draws;</li>
        <li>create or use more than one account;</li>
        <li>make fake or self-referrals;</li>
        <li>give false information, or complete tasks dishonestly; or</li>
        <li>attempt to interfere with the website, the draws or other members’ accounts.</li>
      </ul>
      <p>
        We look for signs of these, such as several accounts signing up from one address or device, and we
        keep a record of where each account signs in from for this purpose. If we have concerns about an
        account, we may first pause its withdrawals while we look into it; it can still earn entries and enter
        draws meanwhile, and the account’s cash card says so. If we find that an account has broken these
        rules or has been used for fraud, we may suspend or close it, and any entries, cash balance and prizes
        connected with it may be forfeited; a prize it won passes to the next eligible participant in that
        draw. A suspended account is signed out and cannot be used until the suspension ends. We tell you why
        when we pause withdrawals or suspend an account, and you can ask us to look again through the
        complaints procedure below.
      </p>

      <h2>9. Taking a break</h2>
      <p>
        If you want time away from PrizeDraw, choose “Take a break” on your{' '}
        <Link to={paths.account}>account page</Link>, for 1, 3 or 6 months or for good. Every device is signed
        out at once, and you cannot sign in again, by any route, until the break ends; a permanent break
        cannot be undone. We send you no marketing email while you are on a break. Entries you have already
        made stay in their draws, and if you win we will still email you about the prize.
      </p>

      <h2>10. Your data, and deleting your account</h2>
      <p>
        “Download my data” on your account page gives you, as a file, everything we hold about you. “Delete my
        account” erases your personal data: your name, email address, sign-in details, delivery and payout
        details, messages and devices. When you delete your account:
      </p>
      <ul>
        <li>entries you hold in prize draws that are still open are withdrawn from them;</li>
        <li>entries in draws that have closed stay in them, so each draw can still be checked;</li>
        <li>any prize you have not claimed, including one drawn later from a closed draw, is forfeited;</li>
        <li>unspent entries and any cash balance are lost, as they have no value outside an account;</li>
        <li>
          our record of entries earned and spent is kept, without your name or contact details, so our
          accounts and past draws still add up.
        </li>
      </ul>
      <p>
        If a withdrawal is waiting to be paid, or a prize you claimed is still on its way to you, you can
        delete your account once it has been settled or has arrived. Please withdraw a cash balance of{' '}
        {MIN_WITHDRAWAL} or more first.
      </p>

      <h2 id="complaints">11. Complaints</h2>
      <p>If you are unhappy with anything we have done, this is how we put it right:</p>
      <ol>
        <li>
          Tell us through our <Link to={paths.contact}>contact page</Link>, with “Complaint” in the subject
          and as much detail as you can (the prize, the date, what went wrong). Every message becomes a ticket
          that a member of our team answers.
        </li>
        <li>
          We reply by email, to the address you gave, within {COMPLAINT_REPLY_WORKING_DAYS} working days. If
          we need longer to look into it, that first reply says so and when you will hear from us; we give you
          our final answer within 30 days.
        </li>
        <li>
          If you are not satisfied with our answer, write to us again through the contact page: someone who
          did not handle it the first time looks at it afresh.
        </li>
      </ol>
      <p>
        We keep a record of every complaint and our answers, and every change our team makes to an account (a
        correction to a balance, a suspension, a prize passed on) is recorded with who made it and why. If you
        are still unhappy, you may refer a complaint about your personal data to the Information
        Commissioner’s Office (ico.org.uk), and you keep your other rights as a consumer.
      </p>

      <h2>12. Changes to the website and these terms</h2>
      <p>
        We may change, add or remove tasks, prizes and features from time to time. We may also update these
        terms; when we make an important change, we’ll update the date at the top of this page and, where
        appropriate, let you know. Changes won’t affect prize draws that have already been made.
      </p>

      <h2>13. Our responsibility to you</h2>
      <p>
        We work hard to keep PrizeDraw running smoothly, but we can’t promise the website will always be
        available or free from errors. We are not responsible for tasks, offers or websites run by third-party
        partners. Nothing in these terms limits any liability that cannot be limited by law, or affects your
        statutory rights as a consumer.
      </p>

      <h2>14. Governing law</h2>
      <p>
        These terms are governed by the laws of England and Wales. If you live in Scotland or Northern
        Ireland, you may also bring proceedings in your local courts.
      </p>

      <h2>15. Contact us</h2>
      <p>
        For any questions about these terms, your account or a prize, please use our{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>
    </ContentPage>
  );
}
