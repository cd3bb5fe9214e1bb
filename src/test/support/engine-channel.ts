/** The real engine behind a MessageChannel, as the browser runs it behind a worker: for tests of the app layer. */
import { createEngineClient, type EngineClient } from '../../bridge/index.ts';
import { realClock } from '../../engine/clock.ts';
import { createEngine, type EngineEnv } from '../../engine/engine.ts';
import { serveEngine } from '../../engine/serve.ts';
import type { Endpoint } from '../../shared/boundary.ts';

/** `send` is the fetch the engine gets (the global one unless a test watches what leaves); `env` adds the device's storage. */
export function engineOverChannel(
  send: typeof fetch = fetch,
  env: Pick<EngineEnv, 'playground'> = {},
): { client: EngineClient; close(): void } {
  const channel = new MessageChannel();
  serveEngine(
    channel.port2 as unknown as Endpoint,
    (emit) => createEngine({ ...env, fetch: (input, init) => send(input, init), clock: realClock, emit }),
    realClock,
  );
  const client = createEngineClient(channel.port1 as unknown as Endpoint, { schedule: (flush) => queueMicrotask(flush) });
  return {
    client,
    close() {
      client.dispose();
      channel.port1.close();
      channel.port2.close();
    },
  };
}
