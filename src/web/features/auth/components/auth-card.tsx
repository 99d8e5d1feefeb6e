import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-10 sm:py-16">
      <Card className="mx-auto max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
