import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { SiteRoutes } from './app/router';
import './index.css';

// A page open across a new release asks for files that release replaced: load the new one, once, so a
// file that is really missing shows the error page rather than reloading for ever.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('reloadedForRelease') ?? 0);
  if (Date.now() - last < 30_000) return;
  sessionStorage.setItem('reloadedForRelease', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// The service worker (public/sw.js): an offline page and pushes. Registered a while after the page has
// loaded: starting it, and routing the page's requests through it, took main-thread time from the first load.
const SERVICE_WORKER_DELAY_MS = 5_000;
if ('serviceWorker' in navigator)
  window.addEventListener('load', () =>
    setTimeout(
      () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined),
      SERVICE_WORKER_DELAY_MS,
    ),
  );

// Running the site's modules, setting up the router and rendering each take tens of milliseconds of a
// phone's main thread. Each is a task of its own (the render, as a transition, in slices), so that none
// holds up a tap for long.
setTimeout(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <SiteRoutes />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
