import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { clientMetadataPlugin } from './src/node/build/client-metadata.ts';
import { hostingRecipesPlugin } from './src/node/build/hosting-recipes.ts';
import { relayFilePlugin } from './src/node/build/relay-file.ts';
import { lensContextTag } from './src/shared/relay.ts';
import { CSP_META } from './src/node/static-server/csp.ts';

/**
 * The built app carries its CSP as a meta tag, so it is protected on any plain static host. Only in the
 * build: the dev server injects inline scripts for hot reload, which the policy rightly forbids.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'mcp-lens-csp-meta',
    apply: 'build',
    // The OAuth callback page carries its own, stricter policy (it needs no worker, no blob: and no connect-src).
    transformIndexHtml: (_html, { path }) =>
      path.endsWith(OAUTH_CALLBACK_PAGE)
        ? []
        : [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
  };
}

/**
 * The engine worker takes the SDK's environment shims from src/engine/sdk/worker-sdk-shims.ts rather than the SDK's
 * browser build: the same exports, without the Client's default JSON Schema validator, which the engine does
 * without (src/engine/sdk/sdk-validator.ts) and which would cost the worker script about 6 KB gzipped.
 */
function workerSdkShims(): Plugin {
  const shims = fileURLToPath(new URL('./src/engine/sdk/worker-sdk-shims.ts', import.meta.url));
  return {
    name: 'mcp-lens-worker-sdk-shims',
    enforce: 'pre',
    resolveId: (id) => (id === '@modelcontextprotocol/client/_shims' ? shims : null),
  };
}

/**
 * The engine worker takes zod's two JSON Schema modules from src/engine/sdk/worker-zod-json-schema.ts: the same
 * exports, converting nothing. The SDK's zod schemas reference the converters from every constructor, so they
 * could not be left out otherwise, although the engine never converts a zod schema; about 6 KB of the worker
 * script gzipped. Only the engine worker holds zod (the page's zod, in the MCP Apps host, keeps its converters).
 */
function workerZodJsonSchema(): Plugin {
  const stub = fileURLToPath(new URL('./src/engine/sdk/worker-zod-json-schema.ts', import.meta.url));
  const converters = /\/node_modules\/zod\/v4\/core\/(?:to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'mcp-lens-worker-zod-json-schema',
    enforce: 'pre',
    resolveId: (id, importer) =>
      importer?.includes('/node_modules/zod/') && id.startsWith('.') && converters.test(resolve(dirname(importer), id)) ? stub : null,
  };
}

/**
 * The dev server is a clone's (`npm run dev`), so its page says so, as `npm start`'s static server does
 * (src/shared/relay.ts, `LENS_CONTEXT_META`); the built page says nothing, whoever hosts it.
 */
function cloneContextInDev(): Plugin {
  return {
    name: 'mcp-lens-clone-context',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/<head>/i, (head) => `${head}${lensContextTag('clone')}`),
  };
}

/** package.json's version, for src/shared/version.ts. */
export const lensVersion = (): string =>
  (JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The OAuth redirect target: a second page, built from src/oauth-callback.ts (see docs/security.md#oauth-in-the-browser). */
const OAUTH_CALLBACK_PAGE = 'oauth-callback.html';

export default defineConfig({
  // Relative asset URLs let the built app run from any sub-path of any static host.
  base: './',
  plugins: [
    react(),
    contentSecurityPolicyMeta(),
    cloneContextInDev(),
    clientMetadataPlugin(process.env.MCP_LENS_PUBLIC_URL),
    hostingRecipesPlugin(),
    relayFilePlugin(lensVersion()),
  ],
  worker: { format: 'es', plugins: () => [workerSdkShims(), workerZodJsonSchema()] },
  resolve: {
    alias: [
      // markdown-to-jsx's browser build decodes `&copy;` by assigning to a textarea's innerHTML, which Trusted
      // Types refuses; its table-based decoder (the one Node gets) touches no DOM.
      {
        find: /^markdown-to-jsx\/entities$/,
        replacement: fileURLToPath(new URL('./node_modules/markdown-to-jsx/dist/entities.generated.js', import.meta.url)),
      },
    ],
  },
  // Where MCP Apps' sandbox page lives when it is served from a second origin (docs/security.md#mcp-apps);
  // empty means the sandbox.html beside index.html, framed without allow-same-origin.
  define: {
    __MCP_LENS_SANDBOX_URL__: JSON.stringify(process.env.MCP_LENS_SANDBOX_URL ?? ''),
    // The one place the version comes from (src/shared/version.ts).
    __MCP_LENS_VERSION__: JSON.stringify(lensVersion()),
  },
  build: {
    // No inlined assets: the CSP allows scripts and styles from 'self' only.
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'oauth-callback': fileURLToPath(new URL(OAUTH_CALLBACK_PAGE, import.meta.url)),
      },
    },
  },
});
