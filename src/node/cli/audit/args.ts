/** The audit command's options, from the shared vocabulary (src/node/command/options.ts), and its usage. */
import type { EraChoice, HeaderPair } from '../../../shared/model.ts';
import { auditInvocation } from '../../../shared/relay.ts';
import { EXIT_CODES_HELP } from '../../command/exit-codes.ts';
import { parseCommandLine, usageOf, type CommandLine, type OptionSpec } from '../../command/framework.ts';
import {
  allowWrites,
  call,
  deadline,
  era,
  header,
  help,
  json,
  junit,
  serverUrl,
  timeout,
  type JsonTarget,
  type NamedCall,
} from '../../command/options.ts';
import { RUNNING_FROM } from '../../lens-context.ts';

export interface AuditArgs {
  url: string;
  junit?: string;
  json?: JsonTarget;
  checks?: string[];
  era: EraChoice;
  headers: HeaderPair[];
  /** `--allow-writes`: checks that change something on the server run, and a named tool that may be destructive is called. */
  allowWrites: boolean;
  requestTimeoutMs?: number;
  /** `--deadline`: the whole run after connecting; none by default. */
  deadlineMs?: number;
  /** The tools the tool-calls check calls (`--call`, repeatable); none: the check is not applicable. */
  calls: NamedCall[];
}

const checks: OptionSpec<string[] | undefined> = {
  flag: '--checks',
  value: '<id,id,…>',
  help: 'run only these checks',
  initial: undefined,
  take: (raw) =>
    (raw ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
};

export const AUDIT_OPTIONS = {
  header,
  era,
  timeout: timeout(undefined, 'how long each request may take (default 30 s)'),
  deadline: deadline(
    undefined,
    'the whole audit (default: none); when it passes, the check in flight is cancelled,\nwhat finished is written, and the exit code is 4',
  ),
  json: json('write the whole report as JSON to <file>, or with - to stdout (the table then\ngoes to stderr)'),
  junit: junit('write the verdicts as JUnit XML (for CI)'),
  checks,
  call: {
    ...call,
    help: 'call this tool in the tool-calls check (repeatable); <tool>={"arg":…} gives its\narguments as JSON (else they are built from its inputSchema)',
  },
  allowWrites: allowWrites(
    'also run the checks that change something on the server, and let --call call a\ntool that may be destructive (else it is refused)',
  ),
  help,
};

export const AUDIT_SYNOPSIS = {
  invocation: auditInvocation(RUNNING_FROM).join(' '),
  operands: '<server URL>',
  about: `Runs the audit the Audit tab runs, headless: one line per check and a summary, JUnit XML and JSON for CI.
A server that answered but could not be talked to fails its "connection" check.`,
  options: AUDIT_OPTIONS,
  footer: `Durations take a unit: 500ms, 30s, 5m, 1h.

${EXIT_CODES_HELP}`,
};

export const AUDIT_USAGE = usageOf(AUDIT_SYNOPSIS);

export function auditArgsOf({ values, positionals }: CommandLine<typeof AUDIT_OPTIONS>): AuditArgs {
  return {
    url: serverUrl(positionals),
    ...(values.junit !== undefined && { junit: values.junit }),
    ...(values.json && { json: values.json }),
    ...(values.checks && { checks: values.checks }),
    era: values.era,
    headers: values.header,
    allowWrites: values.allowWrites,
    ...(values.timeout !== undefined && { requestTimeoutMs: values.timeout }),
    ...(values.deadline !== undefined && { deadlineMs: values.deadline }),
    calls: values.call ?? [],
  };
}

/** Reads a whole command line (tests; command.ts goes through runCommand). Throws UsageError or HelpRequested. */
export const parseAuditArgs = (argv: readonly string[]): AuditArgs => auditArgsOf(parseCommandLine(AUDIT_OPTIONS, argv));
