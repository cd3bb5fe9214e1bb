import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs let the built app run from any sub-path of any static host.
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    // No inlined assets: the CSP allows scripts and styles from 'self' only.
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: true,
  },
});
