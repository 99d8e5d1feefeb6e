import { COMPLAINT_REPLY_WORKING_DAYS } from '../../../contract/operator-rules';
import { Container, PageHeader } from '../../components/ui/page-header';
import { MyMessages } from '../../features/contact/components/my-messages';

export function MyMessagesPage() {
  return (
    <>
      <PageHeader
        title="My messages"
        subtitle={`What you have asked us, and our replies. We reply within ${COMPLAINT_REPLY_WORKING_DAYS} working days.`}
      />
      <Container className="max-w-3xl">
        <MyMessages />
      </Container>
    </>
  );
}
