import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(new URL(import.meta.url).pathname);

// The web UI: built to dist/web and served by `audiolib serve`.
export default defineConfig({
  root,
  plugins: [react()],
  // The shared vocabulary (src/model, pure TypeScript): `@model` in imports, as web/tsconfig.json's paths.
  resolve: { alias: { '@model': path.resolve(root, '..', 'src', 'model') } },
  // manifest: bench/web measures each route's JS from it.
  build: { outDir: path.resolve(root, '..', 'dist', 'web'), emptyOutDir: true, sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://localhost:8888' } },
});
