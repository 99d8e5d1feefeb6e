import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractForTheBrowser } from './scripts/contract-for-the-browser';
import { firstLoadInOneChunk } from './scripts/first-load-chunk';
import { precompress } from './scripts/precompress';
import { API_PREFIX } from './src/contract/endpoint';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), contractForTheBrowser(), precompress()],
  // Every browser the site supports preloads modules itself; the polyfill would only cost start-up time.
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    rollupOptions: { output: { manualChunks: firstLoadInOneChunk() } },
  },
  server: { port: 5173, proxy: { [API_PREFIX]: 'http://localhost:3001' } },
});
