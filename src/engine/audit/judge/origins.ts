/**
 * Who may reach the server: dns-rebinding-protection (a local server refuses a request whose Host or Origin is
 * not local, and serves one that is) and cors (a browser page can send each era's headers and read the
 * answers it needs). Both judged from raw probes only the command line can send and read.
 */
import { isSuccess, type Probed } from '../probed.ts';
import { fail, pass, warn, type Finding } from './findings.ts';

export function judgeDnsRebinding(forged: Probed, local: Probed, localFollowUp?: Probed): Finding[] {
  const findings: Finding[] = [];
  if (!forged.response) findings.push(fail(`The request with a forged Host got no answer (${forged.problem ?? 'unknown'}).`));
  else if (forged.response.status >= 400 && forged.response.status < 500)
    findings.push(pass(`A request with Host and Origin evil.example.com was refused (HTTP ${forged.response.status}).`));
  else
    findings.push(
      fail(
        `A request with Host and Origin evil.example.com got HTTP ${forged.response.status}; a local server must refuse a Host or Origin that is not local (4xx), or any web page can reach it by DNS rebinding.`,
      ),
    );
  if (!isSuccess(local))
    findings.push(
      fail(
        `A request with a local Host and Origin got ${local.response ? `HTTP ${local.response.status}` : 'no answer'}; the server must serve them (2xx).`,
      ),
    );
  else if (localFollowUp && !isSuccess(localFollowUp))
    findings.push(
      fail(
        `The initialized notification with a local Host and Origin got ${localFollowUp.response ? `HTTP ${localFollowUp.response.status}` : 'no answer'}.`,
      ),
    );
  return findings;
}

export interface CorsNeeds {
  origin: string;
  /** Request headers the era's requests carry that a preflight must allow. */
  requestHeaders: string[];
  /** Methods beyond POST the era uses (DELETE to end a 2025 session). */
  methods: string[];
  /** Response headers a page must read (Mcp-Session-Id in 2025). */
  exposeHeaders: string[];
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');

/**
 * Findings for a preflight answer and the answer to a POST with the page's Origin; undefined `notApplicable`
 * when the server lets the origin in at all (a server for no page at all is a choice, not a fault).
 */
export function judgeCors(preflight: Probed, post: Probed, needs: CorsNeeds): { findings: Finding[]; notApplicable?: string } {
  if (!preflight.response) return { findings: [fail(`The CORS preflight got no answer (${preflight.problem ?? 'unknown'}).`)] };
  const headers = preflight.response.headers;
  const allowOrigin = headers['access-control-allow-origin'];
  if (allowOrigin !== '*' && allowOrigin !== needs.origin)
    return {
      findings: [],
      notApplicable: `The server lets no page from ${needs.origin} in (no Access-Control-Allow-Origin for it): browser clients reach it only through a relay, which is the server's choice.`,
    };
  const findings: Finding[] = [];
  if (!(preflight.response.status >= 200 && preflight.response.status < 300))
    findings.push(warn(`The preflight got HTTP ${preflight.response.status}; browsers need a 2xx answer to OPTIONS.`));
  const allowed = list(headers['access-control-allow-headers']);
  const wildcard = allowed.includes('*');
  const refused = needs.requestHeaders.filter((name) => !wildcard && !allowed.includes(name.toLowerCase()));
  if (refused.length > 0)
    findings.push(warn(`The preflight does not allow ${refused.join(', ')}: a browser cannot send this era's requests with them.`));
  const methods = list(headers['access-control-allow-methods']);
  const missingMethods = ['POST', ...needs.methods].filter((m) => !methods.includes('*') && !methods.includes(m.toLowerCase()));
  if (missingMethods.length > 0) findings.push(warn(`The preflight does not allow the method ${missingMethods.join(', ')}.`));
  const postHeaders = post.response?.headers ?? {};
  if (post.response && postHeaders['access-control-allow-origin'] === undefined)
    findings.push(warn('The answer to the POST itself has no Access-Control-Allow-Origin, so a page cannot read it.'));
  const exposed = list(postHeaders['access-control-expose-headers']);
  const hidden = needs.exposeHeaders.filter((name) => !exposed.includes('*') && !exposed.includes(name.toLowerCase()));
  if (post.response && hidden.length > 0)
    findings.push(warn(`The answers do not expose ${hidden.join(', ')} (Access-Control-Expose-Headers): a page cannot read it.`));
  if (findings.length === 0)
    findings.push(pass(`A page from ${needs.origin} may send ${needs.requestHeaders.join(', ')} and read the answers it needs.`));
  return { findings };
}
