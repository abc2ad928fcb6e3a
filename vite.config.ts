import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * What every first screen needs, the public pages and the sign-in alike: React, the class helpers and the small
 * primitives. One chunk instead of a dozen small ones (each a request, and gzip compresses small files poorly).
 * Nothing here may pull in a staff-only dependency: the public pages load this chunk.
 */
const BASE = [
  /node_modules[\\/](react|react-dom|scheduler|tailwind-merge|clsx|class-variance-authority)[\\/]/,
  /node_modules[\\/]@radix-ui[\\/]react-(slot|compose-refs|primitive|label)[\\/]/,
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared[\\/])/,
  /src[\\/]client[\\/]components[\\/]ui[\\/](button|card|label|input|text-field|form-message|spinner)\.tsx$/,
  /src[\\/]client[\\/]components[\\/](logo|errors[\\/]error-screen|layouts[\\/]centered-layout)\.tsx$/,
  /src[\\/]client[\\/]lib[\\/](utils|api-client|toast|server-field-errors|masked-registration)\.ts$/,
  /src[\\/]shared[\\/]format\.ts$/,
];

export default defineConfig({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': r('./src/client'), '@shared': r('./src/shared') },
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // Its presence tells the server a real build is there to serve.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: (id: string) => BASE.some((pattern) => pattern.test(id)),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
