import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { ContentPage } from '../../components/content-page';
import { paths } from '../../config/paths';
import { faqGroups } from './faq-questions';

export function FaqPage() {
  return (
    <ContentPage
      title="Frequently asked questions"
      subtitle="Quick answers about entries, prizes, draws and winning. Can’t find what you’re looking for? Just ask."
    >
      {faqGroups.map((group) => (
        <section key={group.heading}>
          <h2>{group.heading}</h2>
          <div className="space-y-3">
            {group.items.map((item) => (
              <details key={item.question} className="group rounded-xl border border-slate-200 bg-white">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    aria-hidden
                    className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="px-4 pt-1">
                  <p>{item.answer}</p>
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <h2>Still got a question?</h2>
      <p>
        We’re happy to help. Send us a message through our <Link to={paths.contact}>contact page</Link> and
        we’ll get back to you. You can also read more on <Link to={paths.howItWorks}>how it works</Link> or in
        our <Link to={paths.contestRules}>contest rules</Link>.
      </p>
    </ContentPage>
  );
}
