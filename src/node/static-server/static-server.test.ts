import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CSP, CSP_META } from './csp.ts';
import { normalizeBasePath, startStaticServer, type RunningStaticServer } from './server.ts';

let dir: string;
let root: string;
let atSubPath: RunningStaticServer;
let atRoot: RunningStaticServer;

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lens-static-'));
  root = join(dir, 'dist');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><html><head><title>app</title></head></html>');
  const files: Record<string, string> = {
    'assets/app.js': 'export {};',
    'assets/worker.mjs': 'export {};',
    'assets/app.css': 'body{}',
    'assets/app.js.map': '{}',
    'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'manifest.json': '{}',
    'logo.png': 'png',
    'favicon.ico': 'ico',
    'assets/font.woff2': 'woff2',
    'assets/blob.bin': 'bin',
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text);
  await writeFile(join(dir, 'secret.txt'), 'SECRET');
  await symlink(join(dir, 'secret.txt'), join(root, 'link.txt'));
  atSubPath = await startStaticServer({ root, basePath: '/inspector/' });
  atRoot = await startStaticServer({ root });
});

afterAll(async () => {
  await Promise.all([atSubPath?.close(), atRoot?.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('static server', () => {
  it('serves index.html at the base path, with the security headers', async () => {
    expect(atSubPath.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/inspector\/$/);
    const response = await fetch(`${atSubPath.url}?url=${encodeURIComponent('http://127.0.0.1:3001/mcp')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<title>app</title>');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // No camera, microphone or screen capture for the page or any frame (an app's included).
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('sends the right content types', async () => {
    const expected: Record<string, string> = {
      'assets/app.js': 'text/javascript',
      'assets/worker.mjs': 'text/javascript',
      'assets/app.css': 'text/css',
      'assets/app.js.map': 'application/json',
      'icon.svg': 'image/svg+xml',
      'manifest.json': 'application/json',
      'logo.png': 'image/png',
      'favicon.ico': 'image/x-icon',
      'assets/font.woff2': 'font/woff2',
      'assets/blob.bin': 'application/octet-stream',
    };
    for (const [path, type] of Object.entries(expected)) {
      const response = await fetch(`${atSubPath.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain(type);
    }
  });

  it('answers 404 with the security headers for anything else', async () => {
    for (const path of ['missing.js', 'assets/', 'assets']) {
      const response = await fetch(`${atSubPath.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CSP);
    }
    const outside = await fetch(new URL('/index.html', atSubPath.url));
    expect(outside.status).toBe(404);
  });

  it('redirects the base path without its trailing slash, keeping the query', async () => {
    const response = await fetch(new URL('/inspector?url=x', atSubPath.url), { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/inspector/?url=x');
  });

  it('refuses directory traversal and symlinks that leave the root', async () => {
    for (const path of [
      '/inspector/../secret.txt',
      '/inspector/..%2fsecret.txt',
      '/inspector/%2e%2e/secret.txt',
      '/inspector/..%5csecret.txt',
      '/inspector/link.txt',
    ]) {
      const response = await rawGet(atSubPath.url, path);
      expect(response.status, path).not.toBe(200);
      expect(response.body, path).not.toContain('SECRET');
    }
  });

  it('tells the page its context only when given one, as a meta tag first in its head', async () => {
    const clone = await startStaticServer({ root, context: 'clone' });
    try {
      for (const path of ['', 'index.html']) {
        const page = await (await fetch(`${clone.url}${path}`)).text();
        expect(page, path).toBe(
          '<!doctype html><html><head><meta name="mcp-lens-context" content="clone"><title>app</title></head></html>',
        );
      }
      expect(await (await fetch(`${clone.url}assets/app.js`)).text()).toBe('export {};');
    } finally {
      await clone.close();
    }
    // A plain host says nothing, so the app takes itself for a hosted copy.
    expect(await (await fetch(atRoot.url)).text()).not.toContain('mcp-lens-context');
  });

  it('names the server it started for the page once there is one, escaped for the attribute', async () => {
    let launched: string | undefined;
    const app = await startStaticServer({ root, context: 'package', launched: () => launched });
    try {
      expect(await (await fetch(app.url)).text()).not.toContain('mcp-lens-launch');
      launched = 'http://127.0.0.1:4000/mcp?a=1&b="<x>"';
      expect(await (await fetch(app.url)).text()).toContain(
        '<meta name="mcp-lens-context" content="package"><meta name="mcp-lens-launch" content="http://127.0.0.1:4000/mcp?a=1&amp;b=&quot;&lt;x&gt;&quot;">',
      );
    } finally {
      await app.close();
    }
  });

  it('serves from / as well', async () => {
    const response = await fetch(atRoot.url);
    expect(response.status).toBe(200);
    expect((await fetch(`${atRoot.url}assets/app.js`)).headers.get('content-type')).toContain('text/javascript');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await fetch(atSubPath.url, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    const head = await fetch(atSubPath.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('adds the headers it is given to every response, files and errors alike', async () => {
    const isolated = await startStaticServer({ root, headers: { 'Cross-Origin-Embedder-Policy': 'require-corp' } });
    try {
      for (const path of ['', 'assets/app.js', 'missing.js']) {
        const response = await fetch(`${isolated.url}${path}`);
        expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
        expect(response.headers.get('content-security-policy')).toBe(CSP);
      }
      expect((await fetch(atRoot.url)).headers.get('cross-origin-embedder-policy')).toBeNull();
    } finally {
      await isolated.close();
    }
  });

  it('normalises base paths and offers a meta-tag policy', () => {
    expect(normalizeBasePath('')).toBe('/');
    expect(normalizeBasePath('/')).toBe('/');
    expect(normalizeBasePath('inspector')).toBe('/inspector/');
    expect(normalizeBasePath('/a/b/')).toBe('/a/b/');
    expect(CSP).toContain("connect-src 'self' https: http:");
    expect(CSP).toContain("frame-ancestors 'none'");
    expect(CSP_META).not.toContain('frame-ancestors');
  });
});
