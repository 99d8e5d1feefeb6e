import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { AccountDetails } from '../../features/account/components/account-details';
import { ChangeEmailForm } from '../../features/account/components/change-email-form';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { DeleteAccount } from '../../features/account/components/delete-account';
import { DownloadMyData } from '../../features/account/components/download-my-data';
import { NoPasswordNote } from '../../features/account/components/no-password-note';
import { SessionList } from '../../features/account/components/session-list';
import { TakeBreak } from '../../features/account/components/take-break';
import { useSession } from '../../lib/session/session';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col">
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      <Card className="flex-1">{children}</Card>
    </section>
  );
}

/** The signed-in user's own account: details, devices, sign-in changes, their data, a break, deletion. */
export function AccountPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="My Account"
        subtitle="Your details, where you are signed in, and your choices about your data."
      />
      <Container className="space-y-8">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Section title="Your details">
            <AccountDetails user={user} />
          </Section>
          <Section title="Where you are signed in">
            <SessionList />
          </Section>
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Section title="Change password">
            {user.hasPassword ? <ChangePasswordForm /> : <NoPasswordNote purpose="password" />}
          </Section>
          <Section title="Change email">
            {user.hasPassword ? <ChangeEmailForm /> : <NoPasswordNote purpose="email" />}
          </Section>
        </div>
        <Section title="Download my data">
          <DownloadMyData />
        </Section>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Section title="Take a break">
            <TakeBreak />
          </Section>
          <Section title="Delete my account">
            <DeleteAccount hasPassword={user.hasPassword} cashBalance={user.cashBalance} />
          </Section>
        </div>
      </Container>
    </>
  );
}
