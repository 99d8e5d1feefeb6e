import type { ReactNode } from 'react';
import type { TransparencySummary } from '../../../contract/transparency';
import { LoadError } from '../../components/ui/load-error';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { PromoterDetails } from '../../features/contact/components/promoter-details';
import { useTransparencySummary } from '../../features/transparency/api/get-summary';
import { CodeItems } from '../../features/transparency/components/code-items';
import { LogCheckpoint } from '../../features/transparency/components/log-checkpoint';
import { TransparencyFigures } from '../../features/transparency/components/transparency-figures';
import { ukDateTime } from '../../lib/format';

/** A part of the page, with what it shows once the figures have loaded. */
function Part({
  id,
  title,
  intro,
  what,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  /** What the part shows, for its loading and failure notes. */
  what: string;
  children(summary: TransparencySummary): ReactNode;
}) {
  const summary = useTransparencySummary();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        {intro && <p className="mt-1 text-slate-600">{intro}</p>}
      </div>
      {summary.isPending ? (
        <Spinner label={`Loading ${what.toLowerCase()}...`} />
      ) : summary.isError ? (
        <LoadError what={what} />
      ) : (
        children(summary.data)
      )}
    </section>
  );
}

/** Live figures, the code we follow and the public log anyone can check (DESIGN §18). */
export function TransparencyPage() {
  const asOf = useTransparencySummary().data?.asOf;
  return (
    <>
      <PageHeader
        title="Transparency"
        subtitle="What we have awarded, how fast we paid, what members asked of us, and a public record anyone can check. Every figure here is live."
      />
      <Container className="space-y-12">
        <Part
          id="figures-heading"
          title="Our figures"
          intro={asOf && `As of ${ukDateTime(asOf)}, since the site opened.`}
          what="The figures"
        >
          {(summary) => <TransparencyFigures summary={summary} />}
        </Part>
        <Part
          id="code-heading"
          title="The prize draw code, and how we meet it"
          intro="The UK government’s voluntary code of good practice for prize draw operators (DCMS, November 2025) sets out protections for players. These are the items that apply to a site that takes no payments."
          what="The site’s rules"
        >
          {(summary) => <CodeItems promoter={<PromoterDetails />} settings={summary.settings} />}
        </Part>
        <Part id="log-heading" title="The public log" what="The newest checkpoint">
          {(summary) => <LogCheckpoint checkpoint={summary.checkpoint} />}
        </Part>
      </Container>
    </>
  );
}
