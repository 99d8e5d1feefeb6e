import { Link } from 'react-router';
import { Logo } from './logo';
import { legalLinks, type NavLink, quickLinks, supportLinks } from './nav-links';

function Group({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-gold-300">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-brand-100 hover:text-white hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="mt-auto bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo light />
          <p className="mt-3 text-sm leading-6">
            Win amazing prizes by completing simple tasks. Free to join, free to play!
          </p>
        </div>
        <Group title="Quick Links" links={quickLinks} />
        <Group title="Support" links={supportLinks} />
        <Group title="Legal" links={legalLinks} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-xs text-brand-200 sm:flex-row sm:justify-between">
          <p>© {new Date().getFullYear()} PrizeDraw. All rights reserved.</p>
          <p>UK residents aged 18 or over only. No purchase necessary.</p>
        </div>
      </div>
    </footer>
  );
}
