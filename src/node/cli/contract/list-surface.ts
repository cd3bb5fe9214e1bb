/**
 * A server's whole surface as the CLI reaches a server: the one connection path every subcommand takes
 * (`withConnectedRun`, connection.ts: `--header`, `--era`, `--timeout` per request inside `--deadline`, the
 * relay's token, OAuth through the headless host, the session closed at the end), then every page of every
 * list (`listWholeSurface`, the loop the app's "Save contract snapshot" runs too).
 */
import type { ContractSurface } from '../../../shared/contract/contract-snapshot.ts';
import { listWholeSurface, UnendingListError, type SurfaceLister } from '../../../shared/contract/surface-listing.ts';
import { EXIT, type ExitCode } from '../../command/exit-codes.ts';
import type { HeadlessIo } from '../../command/headless-io.ts';
import { withConnectedRun, type ConnectionValues, type HeadlessRun } from '../connection.ts';

/** A list request that did not answer: why, worded by the run (timeout, deadline, the engine's words). */
class ListingFailed extends Error {}

/**
 * Connects, lists everything, hands the surface to `body` and closes the session. `say` gets the lines for a
 * person (connected, a cut schema, a failed listing). Exit 3 when nothing answered, 4 when the deadline
 * passed, 1 when a listing failed; `body`'s exit code otherwise.
 */
export function withSurface(
  url: string,
  values: ConnectionValues,
  io: HeadlessIo,
  say: (line: string) => void,
  body: (surface: ContractSurface) => Promise<ExitCode>,
): Promise<ExitCode> {
  return withConnectedRun(url, values, io, async (run, summary) => {
    say(`connected: ${summary.server.name} ${summary.server.version} (${summary.transport}, protocol ${summary.protocolVersion})`);
    let surface: ContractSurface;
    try {
      surface = await listWholeSurface(summary, listerOf(run), say);
    } catch (error) {
      if (!(error instanceof ListingFailed || error instanceof UnendingListError)) throw error;
      say(`listing failed: ${error.message}`);
      return run.deadline.passed ? EXIT.deadline : EXIT.failed;
    }
    return body(surface);
  });
}

/** Each list request as one attempt of the run; a failed one throws ListingFailed with the run's words. */
function listerOf(run: HeadlessRun): SurfaceLister {
  return async (method, params, wire) => {
    const attempt = await run.attempt(method, params);
    if (!attempt.ok) throw new ListingFailed(run.why(attempt, wire));
    return attempt.value;
  };
}
