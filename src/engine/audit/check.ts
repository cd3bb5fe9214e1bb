/**
 * The check model. A check is data (id, title, spec sections per era, what it needs) plus one `run` that
 * gets a narrow context: send a request, read a shared listing, know the era and capabilities. Judging is
 * done by pure functions under `judge/`, so most rules are tested without a server; `run` only gathers.
 */
import type { AuditOptions, AuditVerdict } from '../../shared/audit.ts';
import type { ProtocolEra } from '../../shared/model.ts';
import type { Clock } from '../clock.ts';
import type { Exchange } from './exchange.ts';
import type { Listing, ListKind } from './listing.ts';
import type { HttpProbe } from './probe.ts';

/** A capability a check needs the server to declare; without it the check does not apply. */
type Capability = 'tools' | 'resources' | 'prompts' | 'completions' | 'logging';

export interface AuditContext {
  era: ProtocolEra;
  /** What the server declared (initialize or server/discover). */
  capabilities: Record<string, unknown>;
  /** Modern era: the server/discover result received at connect (bounded). */
  discover?: Record<string, unknown>;
  /** Sends one request and waits for its answer. One at a time: the log ids are matched to the check. */
  send(method: string, params?: Record<string, unknown>): Promise<Exchange>;
  /**
   * A list followed to its end (or to the audit's bound), fetched once per run; every check that reads it
   * cites its exchanges.
   */
  listing(kind: ListKind): Promise<Listing>;
  /** Raw HTTP beside the session (./probe.ts), for checks that declare `http`. */
  http: HttpProbe;
  /** The server's URL, for rules about where it listens (loopback). */
  url: string;
  /** What the person asked of this run (the tools they ticked to be called, …). */
  options: AuditOptions;
  clock: Clock;
  signal: AbortSignal;
}

/** What a check concluded; the runner adds the id, spec, exchanges and time. */
export interface CheckOutcome {
  verdict: AuditVerdict;
  reason: string;
  details: string[];
}

export interface AuditCheck {
  id: string;
  title: string;
  /**
   * The spec section the rule comes from, per era it applies in (`server/tools#listing-tools`). In an era
   * without one the check is not applicable, for `notInEra`'s reason.
   */
  sections: Partial<Record<ProtocolEra, string>>;
  notInEra?: string;
  needs?: Capability;
  /** The check changes something on the server (calls a tool that is not read-only, writes): opt-in. */
  sideEffects: boolean;
  /**
   * The check sends raw HTTP probes (Streamable HTTP only): `any` works wherever the engine runs,
   * `unrestricted` needs the command line's probe (a forged Host or Origin, a preflight's headers read).
   */
  http?: 'any' | 'unrestricted';
  /** The official suite's scenario it mirrors, and where it judges otherwise on purpose. */
  suite?: { scenario: string; differs?: string };
  run(ctx: AuditContext): Promise<CheckOutcome>;
}
