// Registers the service worker vite-plugin-pwa generates (vite.config.ts), in the built site
// only (the dev server has none): it precaches the site, so the page opens offline after one
// visit, and reports a new deploy to ./update for the page's notice.
import { registerSW } from 'virtual:pwa-register';
import { newVersionWaiting, offlineReady } from './update';

export function startOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => newVersionWaiting(() => update(true)),
    onOfflineReady: offlineReady,
  });
}
