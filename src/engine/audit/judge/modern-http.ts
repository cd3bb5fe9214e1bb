/**
 * The 2026-07-28 transport's own rules, judged from raw probes: http-header-validation (Mcp-Method and
 * Mcp-Name must match the body, else HTTP 400 with -32020), and server-stateless's generic part (per-request
 * _meta validated, server/discover whole, an unsupported version refused with the supported list, the removed
 * 2025 methods answered 404 with -32601, and every error carrying its request's id).
 */
import { isRecord } from '../../../shared/read.ts';
import { errorCode, isSuccess, type Probed } from '../probed.ts';
import { fail, pass, warn, type Finding } from './findings.ts';

const HEADER_MISMATCH = -32020;
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;

export interface HeaderCase {
  probed: Probed;
  expect: 'reject' | 'accept';
  /** What the case is: "Mcp-Method prompts/list on a tools/list body". */
  what: string;
}

/** "error -32602", or "no JSON-RPC error". */
const errorOf = (probed: Probed) => (errorCode(probed) === undefined ? 'no JSON-RPC error' : `error ${String(errorCode(probed))}`);

const statusOf = (probed: Probed) => (probed.response ? `HTTP ${probed.response.status}` : `no answer (${probed.problem ?? 'unknown'})`);

/**
 * `wrongCode`: how a refusal with 400 but another code than -32020 counts. A SHOULD for Mcp-Method and
 * Mcp-Name; for Mcp-Param-* headers the suite (and SEP-2243's test table) holds the code to the MUST.
 */
export function judgeHeaderCases(cases: readonly HeaderCase[], wrongCode: 'warning' | 'fail' = 'warning'): Finding[] {
  const findings: Finding[] = [];
  for (const { probed, expect, what } of cases) {
    if (expect === 'accept') {
      if (!isSuccess(probed) || errorCode(probed) !== undefined)
        findings.push(
          fail(
            `${what}: got ${statusOf(probed)}${errorCode(probed) === undefined ? '' : ` with error ${String(errorCode(probed))}`}; the server must accept it.`,
          ),
        );
      continue;
    }
    if (probed.response?.status !== 400) findings.push(fail(`${what}: got ${statusOf(probed)}; the server must refuse it with HTTP 400.`));
    else if (errorCode(probed) !== HEADER_MISMATCH)
      findings.push(
        (wrongCode === 'fail' ? fail : warn)(
          `${what}: refused with HTTP 400 but error ${String(errorCode(probed))}; the spec's code is -32020 (header mismatch).`,
        ),
      );
  }
  if (findings.length === 0)
    findings.push(pass(`All ${cases.length} header cases were refused with 400 and -32020, or served, as the spec asks.`));
  return findings;
}

export interface StatelessProbes {
  /** server/discover with _meta incomplete: no _meta, no protocolVersion, no clientCapabilities. */
  invalidMeta: Probed[];
  /** server/discover without clientInfo (a SHOULD; the server must not require it). */
  noClientInfo: Probed;
  discover: Probed;
  /** server/discover asking for version v999.0.0 in _meta and header. */
  unsupported: Probed;
  /** initialize, ping, logging/setLevel, resources/subscribe, resources/unsubscribe. */
  removed: Probed[];
}

/** The id each probe sent, to check an error answers under it. */
function sentId(probed: Probed): unknown {
  try {
    const body: unknown = JSON.parse(probed.request.body ?? '');
    return isRecord(body) ? body.id : undefined;
  } catch {
    return undefined;
  }
}

export function judgeStateless(p: StatelessProbes, requested: string): Finding[] {
  const findings: Finding[] = [];
  for (const probed of p.invalidMeta) {
    if (errorCode(probed) !== INVALID_PARAMS || probed.response?.status !== 400)
      findings.push(
        fail(`${probed.label}: got ${statusOf(probed)}, ${errorOf(probed)}; the server must refuse it with HTTP 400 and -32602.`),
      );
  }
  if (!isSuccess(p.noClientInfo) || errorCode(p.noClientInfo) !== undefined)
    findings.push(fail(`${p.noClientInfo.label}: got ${statusOf(p.noClientInfo)}; clientInfo is optional, so the server must serve it.`));
  const discover = p.discover.rpc && isRecord(p.discover.rpc.result) ? p.discover.rpc.result : undefined;
  const supported = discover && Array.isArray(discover.supportedVersions) ? (discover.supportedVersions as unknown[]) : undefined;
  if (!discover || !supported || !isRecord(discover.capabilities))
    findings.push(fail('server/discover did not answer supportedVersions and capabilities.'));
  else {
    const meta = discover._meta;
    const info = isRecord(meta) ? meta['io.modelcontextprotocol/serverInfo'] : undefined;
    if (!isRecord(info) || typeof info.name !== 'string' || typeof info.version !== 'string')
      findings.push(
        warn("server/discover's _meta has no io.modelcontextprotocol/serverInfo with a name and version, as servers should send."),
      );
  }
  const error = p.unsupported.rpc && isRecord(p.unsupported.rpc.error) ? p.unsupported.rpc.error : undefined;
  const data = error && isRecord(error.data) ? error.data : undefined;
  if (p.unsupported.response?.status !== 400 || !error)
    findings.push(
      fail(
        `A request for protocol version ${requested} got ${statusOf(p.unsupported)}; the server must refuse it with HTTP 400 and UnsupportedProtocolVersionError.`,
      ),
    );
  else if (
    !data ||
    !Array.isArray(data.supported) ||
    data.supported.length === 0 ||
    (supported && !data.supported.every((v) => supported.includes(v)))
  )
    findings.push(fail(`The refusal of version ${requested} does not list the versions the server supports (error.data.supported).`));
  else if (data.requested !== requested)
    findings.push(fail(`The refusal of version ${requested} does not echo it in error.data.requested.`));
  for (const probed of p.removed) {
    if (probed.response?.status !== 404 || errorCode(probed) !== METHOD_NOT_FOUND)
      findings.push(
        fail(`${probed.label}: got ${statusOf(probed)}, ${errorOf(probed)}; a method 2026-07-28 removed gets HTTP 404 with -32601.`),
      );
  }
  for (const probed of [...p.invalidMeta, p.unsupported, ...p.removed]) {
    if (probed.rpc && 'error' in probed.rpc && probed.rpc.id !== sentId(probed))
      findings.push(
        fail(
          `${probed.label}: the error came back under id ${JSON.stringify(probed.rpc.id)}, not the request's ${JSON.stringify(sentId(probed))}.`,
        ),
      );
  }
  if (findings.length === 0)
    findings.push(
      pass(
        'Per-request _meta is validated, server/discover is whole, an unsupported version is refused with the list, and removed methods get 404.',
      ),
    );
  return findings;
}
