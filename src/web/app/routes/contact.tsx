import { Clock, HelpCircle, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { CLAIM_DAYS } from '../../../contract/constants';
import { COMPLAINT_REPLY_WORKING_DAYS } from '../../../contract/operator-rules';
import { Card } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { ContactForm } from '../../features/contact/components/contact-form';

export function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact us"
        subtitle="Questions about a prize, your entries or your account? We’re here to help."
      />
      <Container className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="mb-5 text-xl font-bold">Send us a message</h2>
          <ContactForm />
        </Card>
        <div className="space-y-4">
          <Card className="p-6">
            <Clock aria-hidden className="mb-2 h-6 w-6 text-brand-700" />
            <h2 className="font-semibold">When we reply</h2>
            <p className="mt-1 text-sm text-slate-600">
              We answer every message within {COMPLAINT_REPLY_WORKING_DAYS} working days, Monday to Friday, by
              email. Members also find our replies in{' '}
              <Link to={paths.messages} className="font-medium text-brand-700 underline">
                My messages
              </Link>
              .
            </p>
          </Card>
          <Card className="p-6">
            <HelpCircle aria-hidden className="mb-2 h-6 w-6 text-brand-700" />
            <h2 className="font-semibold">Quick answers</h2>
            <p className="mt-1 text-sm text-slate-600">
              Most questions about entries, draws and prizes are answered in our{' '}
              <Link to={paths.faq} className="font-medium text-brand-700 underline">
                FAQ
              </Link>
              .
            </p>
          </Card>
          <Card className="p-6">
            <Mail aria-hidden className="mb-2 h-6 w-6 text-brand-700" />
            <h2 className="font-semibold">Won a prize?</h2>
            <p className="mt-1 text-sm text-slate-600">
              Reply to your winner email within {CLAIM_DAYS} days, or tell us here with the prize name in the
              subject.
            </p>
          </Card>
        </div>
      </Container>
    </>
  );
}
