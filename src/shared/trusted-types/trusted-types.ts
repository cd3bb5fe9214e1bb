/**
 * Trusted Types for the page and the engine worker. The CSP says `require-trusted-types-for 'script'`, so
 * every DOM XSS sink (innerHTML, script src, eval …) refuses plain strings. The only string sinks the app
 * itself uses are let through here, narrowly, by the `default` policy:
 * - `new Worker(url)`: only a same-origin .js URL (Vite's `new Worker(new URL(…))` pattern must stay as
 *   it is for the bundler to see it, so it cannot call a named policy).
 * - `new Function(code)`: Ajv compiles JSON Schemas to functions; form validation and the SDK's output
 *   schema checks need it. Plain `eval` stays refused.
 * Nothing is allowed for HTML: a server string that reached an HTML sink would throw instead of running.
 * DOMPurify makes its own `dompurify` policy when it is used.
 */
interface TrustedTypePolicyFactory {
  createPolicy(name: string, rules: Record<string, (input: string, type?: string, sink?: string) => string | null>): unknown;
}

export function isAllowedScriptUrl(input: string, origin: string): boolean {
  try {
    const url = new URL(input, origin);
    return url.origin === origin && url.pathname.endsWith('.js') && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

export function installTrustedTypes(
  scope: { trustedTypes?: TrustedTypePolicyFactory; location?: { origin: string } } = globalThis as never,
): void {
  const factory = scope.trustedTypes;
  const origin = scope.location?.origin;
  if (!factory || !origin) return;
  try {
    factory.createPolicy('default', {
      createScriptURL: (input) => (isAllowedScriptUrl(input, origin) ? input : null),
      // The default policy is called with (value, trusted type name, sink name).
      createScript: (input, _type, sink) => (sink === 'Function' ? input : null),
    });
  } catch {
    // A second install (hot reload) finds the policy already there: nothing to do.
  }
}
