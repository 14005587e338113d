/**
 * The service worker vite-plugin-pwa generates (`sw.js`, registerType 'prompt'): a new version of the app installs
 * beside the running one and waits until the user accepts it. Registered here with the browser's own API rather than
 * workbox-window, which did the same with 2 KB more for the first screen to load.
 */

/**
 * Registers the worker and calls `onWaiting` with a new version that is installed and waiting: one left waiting by an
 * earlier visit, or one installed while the app is open. The very first install replaces nothing and is not offered.
 */
export function registerServiceWorker(onWaiting: (worker: ServiceWorker) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { serviceWorker } = navigator;
  serviceWorker
    .register('/sw.js')
    .then((registration) => {
      if (registration.waiting && serviceWorker.controller) onWaiting(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && serviceWorker.controller) onWaiting(installing);
        });
      });
    })
    // Without a worker the app still works, online only, as in a browser that has none.
    .catch(() => undefined);
}

/** Lets the waiting version take over (the worker skips waiting on this message) and reloads the page into it. */
export function activateWaiting(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
