/**
 * Runs checks one after another and reports as it goes. Applicability is decided here, not in the checks: a
 * check outside its era, one that needs a capability the server lacks, or one with side effects nobody
 * allowed is not applicable, with the reason, and sends nothing. Each check's requests (and the shared
 * listings it read) are its exchanges, so a report links every verdict to the wire.
 */
import {
  countVerdicts,
  type AuditCheckInfo,
  type AuditExchange,
  type AuditOptions,
  type AuditReport,
  type AuditResult,
  type AuditUpdate,
  type SpecRef,
} from '../../shared/audit.ts';
import type { ProtocolEra } from '../../shared/model.ts';
import { describeError } from '../../shared/read.ts';
import { AUDIT_COMMANDS } from '../../shared/relay.ts';
import { profileOf, PROTOCOL_ERAS } from '../../shared/era-profile.ts';
import type { Clock } from '../clock.ts';
import type { AuditCheck, AuditContext, CheckOutcome } from './check.ts';
import { notApplicable } from './judge/findings.ts';
import { followList, type Listing, type ListKind } from './listing.ts';
import type { HttpProbe } from './probe.ts';
import { loggedHttp, type ProbeLog } from './probe-log.ts';
import type { AuditSend } from './sender.ts';

const SPEC_BASE = 'https://modelcontextprotocol.io/specification';

export interface AuditRun {
  runId: string;
  checks: readonly AuditCheck[];
  target: Pick<AuditReport, 'url' | 'server' | 'era' | 'protocolVersion' | 'transport'>;
  capabilities: Record<string, unknown>;
  options: AuditOptions;
  send: AuditSend;
  http: HttpProbe;
  /** Where each probe is recorded for the Message log and the HTTP view, and cited by the check that sent it. */
  probeLog?: ProbeLog;
  clock: Clock;
  emit: (update: AuditUpdate) => void;
  signal: AbortSignal;
}

/** The spec section a check cites in this era (its other era's, when it does not apply in this one). */
export function specOf(check: AuditCheck, era: ProtocolEra): SpecRef {
  const here = check.sections[era];
  const otherEra = PROTOCOL_ERAS.find((other) => other !== era) ?? era;
  const [revision, section] =
    here !== undefined ? [profileOf(era).specRevision, here] : [profileOf(otherEra).specRevision, check.sections[otherEra] ?? ''];
  return { revision, section, url: `${SPEC_BASE}/${revision}/${section}` };
}

/** The checks a run takes: all, or those `only` names, in their usual order. */
export function selectChecks(checks: readonly AuditCheck[], only: readonly string[] | undefined): AuditCheck[] {
  return only === undefined ? [...checks] : checks.filter((check) => only.includes(check.id));
}

/** Why a check does not apply here, or undefined when it runs. */
function whyNotApplicable(check: AuditCheck, run: Pick<AuditRun, 'target' | 'capabilities' | 'options' | 'http'>): string | undefined {
  if (check.sections[run.target.era] === undefined) return check.notInEra ?? `This check does not apply to the ${run.target.era} era.`;
  if (check.needs !== undefined && run.capabilities[check.needs] === undefined)
    return `The server does not offer ${check.needs} (no "${check.needs}" capability).`;
  if (check.http !== undefined && run.target.transport !== 'streamable-http')
    return 'This check is about the Streamable HTTP transport; the server speaks the older HTTP+SSE one.';
  if (check.http === 'unrestricted' && !run.http.unrestricted)
    return `A browser cannot make this check: it sends headers a page may not set (Host, Origin) or reads what a page may not see (a preflight's answer). Run it with the command line (${AUDIT_COMMANDS}), or connect through the local relay (docs/relay.md gives its command for a clone, the package and a hosted copy), which sends these probes for the page.`;
  if (check.sideEffects && run.options.allowSideEffects !== true)
    return 'This check changes something on the server; it runs only when side effects are allowed.';
  return undefined;
}

/** The errors that end a run rather than one check: cancellation, and a connection that went away. */
const endsRun = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'not-connected');

export async function runChecks(run: AuditRun): Promise<AuditReport> {
  const { clock, emit, signal } = run;
  const startedAt = clock.now();
  const plan: AuditCheckInfo[] = run.checks.map((check) => ({ id: check.id, title: check.title, spec: specOf(check, run.target.era) }));
  emit({ kind: 'started', checks: plan, startedAt });
  const listings = new Map<ListKind, Promise<Listing>>();
  const results: AuditResult[] = [];
  let cancelled = false;
  for (const check of run.checks) {
    if (signal.aborted) {
      cancelled = true;
      break;
    }
    emit({ kind: 'check-started', id: check.id });
    const began = clock.now();
    const exchanges = new Set<AuditExchange>();
    let outcome: CheckOutcome;
    const reason = whyNotApplicable(check, run);
    if (reason !== undefined) outcome = notApplicable(reason);
    else {
      try {
        outcome = await check.run(contextFor(check, run, listings, exchanges));
      } catch (error) {
        if (endsRun(error, signal)) {
          cancelled = signal.aborted;
          if (!cancelled) throw error;
          break;
        }
        outcome = { verdict: 'fail', reason: `MCP Lens could not finish this check: ${describeError(error)}`, details: [] };
      }
    }
    const result: AuditResult = {
      id: check.id,
      title: check.title,
      spec: specOf(check, run.target.era),
      ...outcome,
      exchanges: [...exchanges],
      durationMs: clock.now() - began,
      ...(check.suite && { suite: check.suite }),
    };
    results.push(result);
    emit({ kind: 'check-ended', result });
  }
  const report: AuditReport = {
    runId: run.runId,
    ...run.target,
    startedAt,
    durationMs: clock.now() - startedAt,
    results,
    counts: countVerdicts(results),
    ...(cancelled && { cancelled: true as const }),
  };
  emit({ kind: 'ended', report });
  return report;
}

function contextFor(
  check: AuditCheck,
  run: AuditRun,
  listings: Map<ListKind, Promise<Listing>>,
  exchanges: Set<AuditExchange>,
): AuditContext {
  const send = async (method: string, params?: Record<string, unknown>) => {
    const exchange = await run.send(check.id, method, params);
    exchanges.add(exchange.ids);
    return exchange;
  };
  return {
    era: run.target.era,
    capabilities: run.capabilities,
    options: run.options,
    send,
    http: run.probeLog ? loggedHttp(run.http, run.probeLog, check.id, (ids) => exchanges.add(ids)) : run.http,
    url: run.target.url,
    async listing(kind) {
      let listing = listings.get(kind);
      if (!listing) {
        listing = followList(kind, send);
        listings.set(kind, listing);
      }
      const done = await listing;
      // A listing another check fetched is cited here too: this verdict rests on those exchanges as well.
      for (const page of done.pages) exchanges.add(page.ids);
      return done;
    },
    clock: run.clock,
    signal: run.signal,
  };
}
