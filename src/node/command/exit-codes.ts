/**
 * What a headless command's exit status means (the CLI's, the audit's), so a script or CI step can branch on it. The numbers rank how much of
 * the run there is to trust: 0 and 1 are complete verdicts; 2 means nothing ran; 3 means nothing past the
 * connection ran; 4 means the run was cut short, so its counts are partial whatever else happened.
 */
export const EXIT = {
  /** Every call that was made got an answer (a refusal, isError or JSON-RPC error, is an answer). Skipped tools do not count. */
  passed: 0,
  /** At least one call, or the tool listing, failed: no answer in time, a transport fault, a 5xx, an answer that breaks the protocol. `diff`: a breaking change. */
  failed: 1,
  /** The command line was wrong (an unknown flag, a bad duration, no URL); nothing was sent. */
  usage: 2,
  /** The connection (or the authorization it needed) did not come up, within --timeout. */
  connect: 3,
  /** The --deadline passed before the run finished: the call (or audit check) in flight was cancelled and the rest were not made. */
  deadline: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The one table every command's --help prints (the CLI's, the audit's); README.md says the same. */
export const EXIT_CODES_HELP = `Exit codes:
  0  every call made got an answer (isError and JSON-RPC errors are answers), or no audit check failed;
     skipped tools, warnings and checks that do not apply do not count
  1  a call, the tool listing or an audit check failed (no answer within --timeout, transport fault, 5xx,
     broken answer; a server that answered but could not be talked to fails the audit's "connection");
     diff found a breaking change
  2  usage error (or a --call the audit refused): nothing was sent
  3  could not connect (or authorize) within --timeout
  4  the --deadline passed: the call (or audit check) in flight was cancelled, the rest were not made`;

/** The same table as the one-request subcommands (call, read, prompt, list, send) meet it. */
export const REQUEST_EXIT_CODES_HELP = `Exit codes:
  0  the server answered, and the answer is no error
  1  the request failed: a JSON-RPC error, a tool result with isError or one that breaks the spec or its
     outputSchema, no answer within --timeout, a transport fault, a 5xx
  2  usage error, arguments that do not fit the schema, or a tool that needs --allow-writes: nothing was sent
  3  could not connect (or authorize) within --timeout
  4  the --deadline passed: the request in flight was cancelled`;
