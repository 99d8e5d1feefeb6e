import { Link } from 'react-router';
import { SectionCard } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { DownloadMyData } from '../../features/account/components/download-my-data';
import { StandingCard } from '../../features/standing/components/standing-card';

/**
 * Where the member stands and their appeal (DESIGN §19). A suspended member's restricted session
 * reaches this page, their messages and their data download, and nothing else.
 */
export function StandingPage() {
  return (
    <>
      <PageHeader
        title="Your standing"
        subtitle="Whether anything on your account is held, why, when a person will look, and how to appeal."
      />
      <Container className="max-w-3xl space-y-8">
        <StandingCard />
        <p className="text-sm text-slate-700">
          Replies to your messages are in{' '}
          <Link to={paths.messages} className="font-medium text-brand-700 underline">
            My messages
          </Link>
          .
        </p>
        <SectionCard title="Download my data">
          <DownloadMyData />
        </SectionCard>
      </Container>
    </>
  );
}
