import type { ReactNode } from 'react';
import { Card } from './ui/card';
import { Container, PageHeader } from './ui/page-header';

/** A page of written content: how it works, FAQ, about, the legal pages. */
export function ContentPage({
  title,
  subtitle,
  updated,
  children,
}: {
  title: string;
  subtitle?: string;
  /** "Last updated" date for legal pages, e.g. '1 November 2025'. */
  updated?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Container className="max-w-4xl">
        <Card className="prose-legal p-6 sm:p-10">
          {updated && <p className="text-sm text-slate-500">Last updated: {updated}</p>}
          {children}
        </Card>
      </Container>
    </>
  );
}
