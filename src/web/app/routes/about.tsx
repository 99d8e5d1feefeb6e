import { Link } from 'react-router';
import { PRIZE_DELIVERY_DAYS, WELCOME_BONUS, WINNER_NOTICE_HOURS } from '../../../contract/constants';
import { ContentPage } from '../../components/content-page';
import { paths } from '../../config/paths';
import { DRAW_TIME } from '../../lib/format';

export function AboutPage() {
  return (
    <ContentPage
      title="About PrizeDraw"
      subtitle="Prize draws that are genuinely free to enter and provably fair – for everyone in the UK aged 18 or over."
    >
      <h2>Who we are</h2>
      <p>
        We’re a small team based in the UK. Like a lot of people, we’d entered online competitions and prize
        draws and come away with the same two questions: why does “free” so often turn out to mean “free,
        after you’ve paid for something”, and how do you know anyone actually won?
      </p>
      <p>
        So we built the prize draw we wanted to enter ourselves. PrizeDraw is completely free to join and to
        play, and every draw can be checked by anyone, not just taken on trust.
      </p>

      <h2>What makes us different</h2>
      <h3>Genuinely free</h3>
      <p>
        No purchase or payment is ever necessary to enter or to win, and entries can’t be bought. You earn
        them by completing simple tasks, like following our social accounts, watching a short video, answering
        a survey or inviting a friend. New members start with {WELCOME_BONUS} free entries as a welcome bonus.
      </p>
      <p>
        The tasks are also how we keep the lights on: our partners and advertisers pay us when members watch
        their videos, try their apps or complete their offers, and that pays for the prizes.
      </p>

      <h3>Fair by design</h3>
      <p>
        Winners are picked at random using a cryptographically secure random number generator, with chances in
        proportion to the entries each person holds in a prize. Each prize has a limit on how many entries one
        person can hold, and the same person can’t win the same prize twice in one draw. One account per
        person, and no bots or scripts – we check, so that people playing honestly get a fair chance.
      </p>

      <h3>Verifiable, draw by draw</h3>
      <p>
        Before every draw, we publish a cryptographic commitment on the prize page – a SHA-256 hash of a
        secret random seed. When the draw is made, the list of participants and their entries is frozen, and
        the winners are calculated from the seed and that list. Afterwards we reveal the seed, so anyone can
        confirm on the draw’s verification page that it matches the commitment and that the same winners come
        out. We can’t quietly change a result, and we wouldn’t want to.
      </p>

      <h3>A transparent winners list</h3>
      <p>
        Every winner appears on our public <Link to={paths.winners}>winners page</Link>. To protect their
        privacy, names are shown only in masked form (such as “J****n”) and email addresses are never shown –
        but you can see that real people win real prizes.
      </p>

      <h2>What you can win</h2>
      <p>
        Our <Link to={paths.prizes}>prizes</Link> range from cash to iPhones, PlayStation 5 consoles, AirPods,
        Amazon gift cards and more. Each prize is drawn on its draw day from {DRAW_TIME} UK time, winners are
        emailed within {WINNER_NOTICE_HOURS} hours, and prizes are delivered within {PRIZE_DELIVERY_DAYS} days
        of the winner confirming their details.
      </p>

      <h2>Our promises to you</h2>
      <ul>
        <li>You’ll never be asked to pay to enter or to win.</li>
        <li>Every draw is random, and every draw can be verified.</li>
        <li>We’ll never sell your personal data.</li>
        <li>
          Our rules are written in plain English and published in full in our{' '}
          <Link to={paths.contestRules}>contest rules</Link> and <Link to={paths.terms}>terms</Link>.
        </li>
      </ul>

      <h2>Get in touch</h2>
      <p>
        We’d love to hear from you, whether it’s a question, an idea or a prize you’d like to see. Send us a
        message through our <Link to={paths.contact}>contact page</Link>. And if you’re new here, take a look
        at <Link to={paths.howItWorks}>how it works</Link> or <Link to={paths.register}>sign up free</Link> to
        get your {WELCOME_BONUS} welcome entries.
      </p>
    </ContentPage>
  );
}
