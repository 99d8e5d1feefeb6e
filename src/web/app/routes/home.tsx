import { Gift, ListChecks, ShieldCheck, Sparkles, Ticket, Trophy } from 'lucide-react';
import { WELCOME_BONUS } from '../../../contract/constants';
import { DeferredMount } from '../../components/deferred-mount';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { FeaturedPrizes, FeaturedPrizesLoading } from '../../features/prizes/components/featured-prizes';
import { RecentWinners, RecentWinnersLoading } from '../../features/prizes/components/recent-winners';
import { DRAW_TIME } from '../../lib/format';

const steps = [
  {
    icon: ListChecks,
    title: 'Complete simple tasks',
    text: 'Follow, watch a short video or answer a survey to earn free entries.',
  },
  {
    icon: Ticket,
    title: 'Enter prize draws',
    text: 'Spend your entries on the prizes you want. More entries, better odds.',
  },
  {
    icon: Trophy,
    title: 'Win every week',
    text: `Winners are drawn at random at ${DRAW_TIME} UK time, and anyone can check the draw.`,
  },
];

const promises = [
  { icon: Gift, text: 'Free to join, free to play' },
  { icon: ShieldCheck, text: 'Fair, verifiable draws' },
  { icon: Sparkles, text: `${WELCOME_BONUS} free entries when you join` },
];

export function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
        <div
          aria-hidden
          className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-gold-400/20 blur-3xl"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <p className="mx-auto mb-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-gold-300">
            <Trophy aria-hidden className="h-4 w-4" /> Weekly draws from {DRAW_TIME}
          </p>
          <h1 className="text-4xl font-black tracking-tight sm:text-6xl">YOUR NEXT BIG WIN STARTS HERE</h1>
          <p className="mt-4 text-lg text-brand-100 sm:text-2xl">
            PS5, Cash Prizes, iPhones, Gift Cards &amp; More
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.prizes} variant="gold" size="lg">
              Start Earning Entries
            </ButtonLink>
            <ButtonLink to={paths.howItWorks} size="lg" className="bg-white/10 hover:bg-white/20">
              How it works
            </ButtonLink>
          </div>
          <ul className="mt-10 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-brand-100">
            {promises.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden className="h-4 w-4 text-gold-400" /> {text}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12">
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title}>
              <Card className="h-full p-6">
                <div className="mb-3 flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                    <Icon aria-hidden className="h-5 w-5" />
                  </span>
                  <span className="text-sm font-semibold text-brand-700">Step {i + 1}</span>
                </div>
                <h2 className="text-lg font-bold">{title}</h2>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 pb-16 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 className="mb-4 text-2xl font-extrabold">Most Popular Prizes We Run</h2>
          <DeferredMount placeholder={<FeaturedPrizesLoading />}>
            <FeaturedPrizes />
          </DeferredMount>
        </div>
        <div>
          <h2 className="mb-4 text-2xl font-extrabold">Recent Winners</h2>
          <DeferredMount placeholder={<RecentWinnersLoading />}>
            <RecentWinners />
          </DeferredMount>
        </div>
      </section>
    </>
  );
}
