export { CSP, CSP_DIRECTIVES, CSP_META, SECURITY_HEADERS } from './csp.ts';
export { normalizeBasePath, startStaticServer, type RunningStaticServer, type StaticServerOptions } from './server.ts';
