import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

const BRAND = '#19244f';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      filename: 'sw.js',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Financeiro',
        short_name: 'Financeiro',
        description: 'Contas a pagar e a receber, conciliação e compras da sua organização',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND,
        background_color: BRAND,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/v1\//, /^\/identity/, /^\/oauth2/, /^\/logout/, /^\/health/],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The PDF maker and its fonts (1.8 MB) load when a report is exported, not with the app.
        globIgnores: ['**/pdfmake-*.js', '**/vfs_fonts-*.js'],
      },
    }),
    // A .br and a .gz beside each text file, for the server to send as they are (it never compresses on the fly).
    compression({ include: /\.(html|css|js|mjs|json|svg|webmanifest)$/, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  server: {
    proxy: { '/v1': 'http://localhost:3000', '/identity': 'http://localhost:3000' },
  },
  build: {
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports preloads modules itself (Chromium, Safari and Firefox have for years): the
    // polyfill the bundler would put in the first chunk is bytes no one runs.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the first screen needs, in two chunks instead of dozens: the libraries, which change seldom and stay
        // cached across releases, and the app's own code. Left to itself the bundler cuts a shared chunk for every
        // set of screens that use a module, and the sign-in page then fetches some 45 scripts, each gzipped on its own
        // (20 KB more than the same code in two). The screens that load on demand keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ },
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
