import { Link } from 'react-router';
import {
  CLAIM_DAYS,
  PRIZE_DELIVERY_DAYS,
  WELCOME_BONUS,
  WINNER_NOTICE_HOURS,
} from '../../../contract/constants';
import { ContentPage } from '../../components/content-page';
import { paths } from '../../config/paths';
import { PromoterDetails } from '../../features/contact/components/promoter-details';
import { WheelOddsRules } from '../../features/wheel/components/wheel-odds-rules';
import {
  CASH_PAID_BY,
  DRAW_DAY_RULE,
  ENTRY_COST_RULE,
  MIN_WITHDRAWAL,
  SPIN_RULE,
  WEEKLY_PRIZES_TEXT,
} from '../../lib/rules-words';

export function ContestRulesPage() {
  return (
    <ContentPage
      title="Contest rules"
      subtitle="The official rules for every PrizeDraw prize draw: who can enter, how draws are made and how prizes are awarded."
      updated="7 December 2026"
    >
      <h2>1. The promoter</h2>
      <p>The promoter of every prize draw on this website is:</p>
      <PromoterDetails />
      <p>
        You can contact the promoter through our <Link to={paths.contact}>contact page</Link>, or by post at
        the address above. These rules sit alongside our <Link to={paths.terms}>terms and conditions</Link>.
        By entering a prize draw, you agree to both.
      </p>

      <h2>2. Who can enter</h2>
      <ul>
        <li>Prize draws are open to UK residents aged 18 or over with a PrizeDraw account.</li>
        <li>Only one account per person is allowed.</li>
        <li>
          PrizeDraw’s staff, and the members of their households, may not enter, earn entries, spin the wheel
          or win.
        </li>
        <li>
          We may ask winners for reasonable proof of age, identity and residence before awarding a prize.
        </li>
      </ul>

      <h2>3. No purchase necessary</h2>
      <p>
        No purchase or payment is ever necessary to enter or to win. Entries cannot be bought. They are earned
        free of charge by completing tasks on the <Link to={paths.tasks}>tasks page</Link>, such as following
        our social accounts, watching short video ads, completing surveys, offer-wall offers, app trials,
        email sign-ups and referring friends, and through daily streak bonuses, achievements and the
        instant-win wheel. New members receive {WELCOME_BONUS} free entries on sign-up.
      </p>

      <h2>4. How to enter</h2>
      <ol>
        <li>
          Sign in to your account, or <Link to={paths.register}>register free</Link>.
        </li>
        <li>
          Choose a prize on the <Link to={paths.prizes}>prizes page</Link>.
        </li>
        <li>Spend entries from your balance on that prize. {ENTRY_COST_RULE}</li>
      </ol>
      <p>
        Entries must be placed before the prize’s closing date. Once the draw has been made, entries are
        final. If a prize draw is cancelled, every entry spent on it is refunded to the entrants’ balances.
      </p>

      <h2>5. Draw dates</h2>
      <p>
        {DRAW_DAY_RULE} Where a prize has a minimum number of entries, it is only drawn once that minimum has
        been reached.
      </p>

      <h2>6. How winners are chosen</h2>
      <p>
        Winners are chosen at random, using a cryptographically secure random number generator. Each entrant’s
        chance of winning is in proportion to the number of entries they hold in that prize: more entries give
        better odds, but never a certainty. The same person cannot win the same prize twice in one draw; where
        a prize has several winners, each goes to a different person.
      </p>

      <h2>7. Verifying a draw</h2>
      <ol>
        <li>
          Before a prize is drawn, we publish a cryptographic commitment on the prize page: a SHA-256 hash of
          a secret random seed.
        </li>
        <li>
          When entries close, the list of participants and their entries is frozen, and its hash is published
          on the prize page, before the draw. Each participant appears in it under a draw ID made for that
          prize alone, which only they are shown (on their entries and wins pages), so nobody can follow a
          person from draw to draw. The winners are calculated from the seed and that list.
        </li>
        <li>
          After the draw, the seed is revealed. Anyone can visit the draw’s verification page (at /draws/
          followed by the prize’s ID) to check that the seed matches the commitment published before the draw,
          and that recalculating the draw produces the same winners.
        </li>
      </ol>

      <h2>8. Winner notification</h2>
      <p>
        Winners are notified by email, to the address on their account, and by a notice on their PrizeDraw
        account, within {WINNER_NOTICE_HOURS} hours of the draw. We contact winners in no other way, and never
        ask a winner for a payment or a password. To claim a prize, the winner must respond within{' '}
        {CLAIM_DAYS} days and confirm their delivery details. If a winner does not claim within {CLAIM_DAYS}{' '}
        days, or is disqualified (found to be ineligible, or to have broken these rules), the win is forfeited
        and the place passes to the next eligible participant in the draw’s own ranking: the order every
        participant’s key puts them in, which the published proof fixes. Participants who cannot win at that
        moment (a suspended or deleted account) are passed over. The new winner is notified in the same way
        and has {CLAIM_DAYS} days from then to claim. Each place passed on is listed in the draw’s proof, and
        the verification page checks that it went to the next eligible participant.
      </p>

      <h2>9. Prizes and delivery</h2>
      <ul>
        <li>
          Prizes are delivered within {PRIZE_DELIVERY_DAYS} days of the winner confirming their details.
        </li>
        <li>Cash prizes are paid {CASH_PAID_BY}, as the winner chooses when claiming.</li>
        <li>
          There is no cash alternative for physical prizes unless the prize description says otherwise. Prizes
          are not transferable.
        </li>
        <li>
          If a prize becomes unavailable for reasons beyond our control, we may substitute a prize of equal or
          greater value.
        </li>
      </ul>

      <h2>10. Instant wins and the weekly leaderboard</h2>
      <p>
        The instant-win wheel: {SPIN_RULE} The server picks each spin's prize at random, at these odds as they
        are set now (the wheel's slices are drawn in the same proportions):
      </p>
      <WheelOddsRules />
      <p>
        Each week (Monday to Sunday, UK time), the 10 members who earn the most entries win cash:{' '}
        {WEEKLY_PRIZES_TEXT}. Cash balances can be withdrawn once they reach {MIN_WITHDRAWAL}.
      </p>

      <h2>11. Winners list</h2>
      <p>
        We publish winners on our <Link to={paths.winners}>winners page</Link> and in draw results. As the CAP
        Code (rule 8.28.5) asks, the winners page names each winner by first name, surname initial and the
        county they give when claiming, unless they ask us not to when claiming; then it shows their username
        in masked form, for example “J****n”. Email addresses are never shown, and the public log of draws
        holds pseudonyms only. See our <Link to={paths.privacy}>privacy policy</Link> for more on how we
        handle personal data.
      </p>

      <h2>12. Fair play and disqualification</h2>
      <p>
        Any account found using bots, scripts, multiple accounts, fake referrals or any other form of fraud
        may be suspended or closed, and its entries and prizes forfeited. A forfeited prize passes to the next
        eligible participant in the draw, as section 8 describes.
      </p>

      <h2>13. General</h2>
      <ul>
        <li>
          We may cancel a prize draw if circumstances beyond our reasonable control make it necessary. If we
          do, every entry spent on it is refunded.
        </li>
        <li>The promoter’s decision on any matter relating to a draw is final, subject to these rules.</li>
        <li>These rules are governed by the laws of England and Wales.</li>
      </ul>
      <p>
        If you have any questions about these rules, please get in touch through our{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>
    </ContentPage>
  );
}
