/** The audit command's arguments: what to audit, how, and where the reports go. Pure, so usage errors are tested without a process. */
import type { AuditToolCall } from '../../../shared/audit.ts';
import type { EraChoice, HeaderPair } from '../../../shared/model.ts';
import { auditInvocation } from '../../../shared/relay.ts';
import { eraOfAlias, profileOf, PROTOCOL_ERAS } from '../../../shared/era-profile.ts';
import { RUNNING_FROM } from '../../lens-context.ts';
import { parseDuration } from '../duration.ts';
import { parseCallArg } from './calls.ts';

/** The words usage lines name for each era (`--era 2026-07-28`, `--era 2025`). */
const ERA_WORDS = PROTOCOL_ERAS.map((era) => profileOf(era).aliases[0]!);

export interface AuditArgs {
  url: string;
  junit?: string;
  json?: string;
  checks?: string[];
  era: EraChoice;
  headers: HeaderPair[];
  allowSideEffects: boolean;
  requestTimeoutMs?: number;
  /** The tools the tool-calls check calls (`--call`, repeatable); none: the check is not applicable. */
  calls: AuditToolCall[];
  /** `--allow-destructive`: a named tool that may be destructive is called too, instead of refused. */
  allowDestructive: boolean;
}

export const AUDIT_USAGE = [
  `Usage: ${auditInvocation(RUNNING_FROM).join(' ')} [options] <server URL>`,
  '  --junit <file>         write the verdicts as JUnit XML (for CI)',
  '  --json <file>          write the whole report as JSON',
  '  --checks <id,id,…>     run only these checks',
  `  --era <auto|${ERA_WORDS.join('|')}>  which protocol era to speak (default auto)`,
  '  --header "Name: value" send this header on every request (repeatable)',
  '  --allow-side-effects   also run checks that change something on the server',
  '  --call <tool>          call this tool in the tool-calls check (repeatable); <tool>={"arg":…} gives its',
  '                         arguments as JSON (else they are built from its inputSchema)',
  '  --allow-destructive    let --call call a tool that may be destructive (else it is refused)',
  '  --timeout <duration>   how long each request may take, e.g. 30s or 2m (default 30s), as for the CLI',
  'Exit code: 0 no check failed, 1 a check failed (a server that answered but could not be talked to is a failed',
  '"connection" check), 2 usage (or a --call refused), 3 nothing answered or authorization failed.',
].join('\n');

const eraChoiceOf = (word: string): EraChoice | undefined => (word === 'auto' ? 'auto' : eraOfAlias(word));

/** Parsed arguments, `help` for --help, or the problem (with the usage) for exit code 2. */
export function parseAuditArgs(argv: readonly string[]): { ok: true; args: AuditArgs } | { ok: false; help: boolean; problem?: string } {
  const args: Partial<AuditArgs> & { headers: HeaderPair[]; calls: AuditToolCall[] } = {
    headers: [],
    calls: [],
    era: 'auto',
    allowSideEffects: false,
    allowDestructive: false,
  };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value.`);
      return next;
    };
    try {
      if (arg === '--help' || arg === '-h') return { ok: false, help: true };
      else if (arg === '--junit') args.junit = value();
      else if (arg === '--json') args.json = value();
      else if (arg === '--allow-side-effects') args.allowSideEffects = true;
      else if (arg === '--allow-destructive') args.allowDestructive = true;
      else if (arg === '--call') {
        const call = parseCallArg(value());
        if (!call.ok) return { ok: false, help: false, problem: call.problem };
        args.calls.push(call.call);
      } else if (arg === '--checks')
        args.checks = value()
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== '');
      else if (arg === '--era') {
        const era = eraChoiceOf(value());
        if (!era) return { ok: false, help: false, problem: `--era takes auto, ${ERA_WORDS.join(' or ')}.` };
        args.era = era;
      } else if (arg === '--timeout') {
        // The same durations as the CLI's own --timeout (a unit, never a bare number: 30 could be s or ms).
        const ms = parseDuration(value());
        if (ms === undefined || ms < 1000 || ms > 600_000)
          return { ok: false, help: false, problem: '--timeout takes a duration between 1s and 10m, e.g. 30s.' };
        args.requestTimeoutMs = ms;
      } else if (arg === '--header') {
        const raw = value();
        const colon = raw.indexOf(':');
        if (colon <= 0) return { ok: false, help: false, problem: `--header takes "Name: value"; got ${JSON.stringify(raw)}.` };
        args.headers.push({ name: raw.slice(0, colon).trim(), value: raw.slice(colon + 1).trim() });
      } else if (arg.startsWith('--')) return { ok: false, help: false, problem: `Unknown option ${arg}.` };
      else positional.push(arg);
    } catch (error) {
      return { ok: false, help: false, problem: (error as Error).message };
    }
  }
  if (positional.length !== 1)
    return { ok: false, help: false, problem: positional.length === 0 ? 'Give the server URL to audit.' : 'Give one server URL.' };
  return { ok: true, args: { ...args, url: positional[0]! } as AuditArgs };
}
