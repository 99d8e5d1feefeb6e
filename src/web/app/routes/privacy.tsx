import { Link } from 'react-router';
import { ContentPage } from '../../components/content-page';
import { paths } from '../../config/paths';

export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy policy"
      subtitle="What personal data we keep, why we keep it, and the choices you have."
      updated="1 November 2025"
    >
      <h2>Who we are</h2>
      <p>
        PrizeDraw runs this website and is responsible for the personal data we collect through it. We take
        that responsibility seriously and handle your data in line with UK data protection law, including the
        UK GDPR. If you have any questions about this policy or your data, please contact us through our{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address and password. Your password is never
          stored in plain text – we keep only a secure hash of it, created with argon2id. If you sign in with
          Google or Apple, we keep the account identifier they give us, and the name Apple shares the first
          time.
        </li>
        <li>
          <strong>Devices:</strong> for each device signed in, the browser and system it reports and when it
          was last used, so you can see and sign out your sessions; and, each time you sign up or sign in, the
          internet address it came from and a random identifier your browser keeps for our site, which we use
          only to prevent fraud (such as one person running several accounts).
        </li>
        <li>
          <strong>Your entries:</strong> a record of the entries you earn and spend, and the prize draws you
          enter.
        </li>
        <li>
          <strong>Task completions:</strong> which tasks you’ve completed and when, including confirmations
          from our offer-wall and advertising partners.
        </li>
        <li>
          <strong>Contact messages:</strong> anything you send us through our contact page.
        </li>
        <li>
          <strong>Prize details:</strong> if you win, the delivery or bank details you give us so we can send
          your prize or pay out your cash, and your date of birth, to check winners are 18 or over.
        </li>
      </ul>

      <h2>How we use it</h2>
      <p>We use your personal data to:</p>
      <ul>
        <li>create and run your account and keep track of your entries;</li>
        <li>run the prize draws, and the instant-win wheel and weekly leaderboard;</li>
        <li>contact winners and deliver prizes;</li>
        <li>prevent and investigate fraud, such as bots, multiple accounts and fake referrals;</li>
        <li>reply to your messages; and</li>
        <li>keep the website secure and working properly.</li>
      </ul>
      <p>
        We rely on the following legal bases: performing our agreement with you (running your account and the
        draws you enter), our legitimate interests (keeping PrizeDraw secure and fair, and preventing fraud),
        and complying with our legal obligations.
      </p>

      <h2>What we don’t do</h2>
      <p>
        We never sell your personal data. Your email address is never shown publicly. If you win, your name
        appears in our public winners lists only in masked form, for example “J****n”.
      </p>

      <h2>Who we share it with</h2>
      <p>
        We share personal data only where we need to, for example with the service providers who host our
        website and send our emails, with couriers or retailers delivering a prize, or with your bank when we
        pay out cash. We may also share data where the law requires it, or to prevent fraud.
      </p>
      <p>
        Some tasks, such as offer-wall offers, surveys and video ads, are provided by third-party partners.
        When you complete one of these, the partner may collect information directly under its own privacy
        policy, and tells us when you’ve completed the task so that we can credit your entries.
      </p>

      <h2>Cookies and local storage</h2>
      <p>
        To keep you signed in, we store a sign-in token in your browser’s local storage, together with a
        random identifier for the browser that helps us spot one person running several accounts. We don’t use
        advertising cookies ourselves. However, our offer-wall and advertising partners may use their own
        cookies or similar technologies when you complete their tasks; please see their privacy policies for
        details.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your personal data only for as long as we reasonably need it. Account data is kept while your
        account is open. After an account is closed, we keep limited records, such as draw results and entry
        records, for as long as needed to show that our draws were run fairly, to handle any disputes, to
        prevent fraud and to meet our legal and accounting obligations. Contact messages are kept for as long
        as needed to deal with your enquiry.
      </p>

      <h2>Keeping it safe</h2>
      <p>
        We use appropriate technical and organisational measures to protect your data, including hashing
        passwords with argon2id and limiting access to personal data to the people who need it to run
        PrizeDraw. Please keep your password private and don’t reuse it on other websites.
      </p>

      <h2>Your rights</h2>
      <p>Under UK data protection law, you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> the personal data we hold about you;
        </li>
        <li>
          <strong>rectification</strong> – have inaccurate data corrected;
        </li>
        <li>
          <strong>erasure</strong> – ask us to delete your data;
        </li>
        <li>
          <strong>object</strong> to us using your data in certain ways, or ask us to restrict its use;
        </li>
        <li>
          <strong>data portability</strong> – receive your data in a commonly used format; and
        </li>
        <li>
          <strong>complain</strong> to the Information Commissioner’s Office (ICO), the UK’s data protection
          regulator, at <a href="https://ico.org.uk">ico.org.uk</a>.
        </li>
      </ul>
      <p>
        Two of them take a click on your <Link to={paths.account}>account page</Link>: “Download my data”
        gives you everything we hold about you as a JSON file, and “Delete my account” erases your personal
        data at once (our <Link to={paths.terms}>terms</Link> explain what happens to your entries and
        prizes). We keep only the record of entries earned and spent and the draws you were part of, without
        your name or contact details, so that past draws can still be checked.
      </p>
      <p>
        For any other request, send us a message through our <Link to={paths.contact}>contact page</Link> and
        we’ll respond within one month, as the law requires. We’d always appreciate the chance to put things
        right before you contact the ICO.
      </p>

      <h2>Age</h2>
      <p>
        PrizeDraw is only for people aged 18 or over. We don’t knowingly collect data from anyone under 18,
        and we’ll close any account we find belongs to someone under 18.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We may update this policy from time to time. The date at the top of the page shows when it was last
        changed, and we’ll let you know about any important changes. Please also read our{' '}
        <Link to={paths.terms}>terms and conditions</Link> and{' '}
        <Link to={paths.contestRules}>contest rules</Link>.
      </p>
    </ContentPage>
  );
}
