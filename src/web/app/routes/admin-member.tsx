import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { RiskSignals } from '../../components/risk-signals';
import { Card, SectionCard } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useMember } from '../../features/members/api/get-member';
import { MemberActions } from '../../features/members/components/member-actions';
import { MemberLedger } from '../../features/members/components/member-ledger';
import { MemberNotes } from '../../features/members/components/member-notes';
import { MemberOverview } from '../../features/members/components/member-overview';
import { MemberRecords, MemberSessions } from '../../features/members/components/member-records';

/** One member, for an admin: why their balance is what it is, and what can be done about it. */
export function AdminMemberPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = useMember(id);
  return (
    <>
      <PageHeader
        title={data?.user.username ?? 'Member'}
        subtitle="Their account, their signals and their ledger."
      >
        <Link
          to={paths.adminTab('users')}
          className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-white underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Users
        </Link>
      </PageHeader>
      <Container className="space-y-8">
        {isPending ? (
          <Spinner label="Loading the member..." />
        ) : isError ? (
          <Card>
            <LoadError what="This member" />
          </Card>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <MemberOverview user={data.user} />
              </div>
              <MemberActions user={data.user} />
            </div>
            <SectionCard title="Fraud signals">
              <div className="p-5">
                <RiskSignals signals={data.signals} />
              </div>
            </SectionCard>
            <MemberNotes id={data.user._id} notes={data.notes} />
            <MemberLedger id={data.user._id} username={data.user.username} />
            <MemberSessions sessions={data.sessions} />
            <MemberRecords detail={data} />
          </>
        )}
      </Container>
    </>
  );
}
