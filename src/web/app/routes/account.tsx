import { Link } from 'react-router';
import { SectionCard } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { AccountDetails } from '../../features/account/components/account-details';
import { ChangeEmailForm } from '../../features/account/components/change-email-form';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { DeleteAccount } from '../../features/account/components/delete-account';
import { DownloadMyData } from '../../features/account/components/download-my-data';
import { NoPasswordNote } from '../../features/account/components/no-password-note';
import { SelfExclusion } from '../../features/account/components/self-exclusion';
import { SessionList } from '../../features/account/components/session-list';
import { TakeBreak } from '../../features/account/components/take-break';
import { NotificationChoices } from '../../features/notifications/components/notification-choices';
import { TwoFactorSettings } from '../../features/two-factor/components/two-factor-settings';
import { useSession } from '../../lib/session/session';

/** The signed-in user's own account: details, devices, sign-in changes, their data, a break, deletion. */
export function AccountPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="My Account"
        subtitle="Your details, where you are signed in, what we send you, and your choices about your data."
      />
      <Container className="space-y-8">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <SectionCard fill title="Your details">
            <AccountDetails user={user} />
          </SectionCard>
          <SectionCard fill title="Where you are signed in">
            <SessionList />
          </SectionCard>
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <SectionCard fill title="Change password">
            {user.hasPassword ? <ChangePasswordForm /> : <NoPasswordNote purpose="password" />}
          </SectionCard>
          <SectionCard fill title="Change email">
            {user.hasPassword ? <ChangeEmailForm /> : <NoPasswordNote purpose="email" />}
          </SectionCard>
        </div>
        <div id="two-step" className="scroll-mt-20">
          <SectionCard fill title="Two-step verification">
            <TwoFactorSettings />
          </SectionCard>
        </div>
        <div id="email-choices" className="scroll-mt-20">
          <SectionCard fill title="Email and notifications">
            <NotificationChoices />
          </SectionCard>
        </div>
        <SectionCard fill title="Download my data">
          <DownloadMyData />
        </SectionCard>
        <p className="text-sm text-slate-700">
          Cashouts held, or a decision you disagree with?{' '}
          <Link to={paths.standing} className="font-medium text-brand-700 underline">
            See your standing and appeal
          </Link>
          .
        </p>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <SectionCard fill title="Take a break">
            <TakeBreak />
          </SectionCard>
          {!user.isAdmin && (
            <div id="self-exclusion" className="scroll-mt-20">
              <SectionCard fill title="Exclude yourself">
                <SelfExclusion user={user} />
              </SectionCard>
            </div>
          )}
          <SectionCard fill title="Delete my account">
            <DeleteAccount hasPassword={user.hasPassword} cashBalance={user.cashBalance} />
          </SectionCard>
        </div>
      </Container>
    </>
  );
}
