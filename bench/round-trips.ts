/** One comparison for every place the round trip is measured (the Chromium page, Node in-process). */
export interface OverheadFigures {
  sdkMs: number;
  engineMs: number;
  ratio: number;
}

/**
 * The Chromium comparison (the engine in its worker vs the SDK client on the page) and its two parts, each
 * against the same client on the page: the bare SDK client in a worker (the hop alone), and the engine on the
 * page without a worker (the engine alone). Then the engine in its worker against that SDK client in a worker.
 */
export interface BrowserOverhead extends OverheadFigures {
  sdkInWorker: OverheadFigures;
  engineOnPage: OverheadFigures;
  /** The engine in its worker against the bare SDK client in a worker: what the engine adds, the hop set aside. */
  engineInWorker: OverheadFigures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times `calls` round trips each way, alternating so that drift in the machine's load hits both alike, after
 * 20 warm-up rounds; medians, and the engine's as a multiple of the SDK's.
 */
export async function compareRoundTrips(
  sdkCall: () => Promise<unknown>,
  engineCall: () => Promise<unknown>,
  calls: number,
): Promise<OverheadFigures> {
  const sdkTimes: number[] = [];
  const engineTimes: number[] = [];
  for (let round = -20; round < calls; round += 1) {
    let started = performance.now();
    await sdkCall();
    if (round >= 0) sdkTimes.push(performance.now() - started);
    started = performance.now();
    await engineCall();
    if (round >= 0) engineTimes.push(performance.now() - started);
  }
  const sdkMs = median(sdkTimes);
  const engineMs = median(engineTimes);
  return { sdkMs, engineMs, ratio: engineMs / sdkMs };
}
