import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LINK_INVALID_MESSAGE } from '@jornada/shared/schemas/account-lifecycle';

/** The centred card every account-link page uses, as on the login page (fits 375 px). */
export function LinkCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>{`${title} · Jornada`}</title>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

/** An expired, used or broken link: say so plainly and offer the way to ask again. */
export function InvalidLink({ again }: { again: { to: string; label: string } }) {
  return (
    <div className="flex flex-col gap-4 text-center">
      <p role="alert">{LINK_INVALID_MESSAGE}</p>
      <Link to={again.to} className="font-medium text-primary underline underline-offset-4">
        {again.label}
      </Link>
    </div>
  );
}
