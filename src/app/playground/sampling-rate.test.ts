import { describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../shared/client-features.ts';
import { createPlaygroundStore, createPrefsStore, createServerRequestsStore } from '../../state/index.ts';
import { MAX_AUTO_SAMPLINGS_PER_WINDOW, watchSamplingAuto } from './sampling-commands.ts';

const sampling = (id: string): PendingServerRequest => ({
  id,
  rpcId: id,
  kind: 'sampling',
  method: 'sampling/createMessage',
  serverName: 's',
  receivedAt: 0,
  params: { messages: [] },
});

describe('auto-approve of sampling', () => {
  it(`answers at most ${MAX_AUTO_SAMPLINGS_PER_WINDOW} requests a minute, then turns itself off and says why`, async () => {
    const stores = { playground: createPlaygroundStore(), serverRequests: createServerRequestsStore(), prefs: createPrefsStore() };
    let time = 0;
    const drafted: string[] = [];
    const stop = watchSamplingAuto(
      stores,
      async (id) => {
        drafted.push(id);
        return { model: 'm', stopReason: 'endTurn', content: [{ type: 'text', text: 'ok' }] };
      },
      async () => undefined,
      () => time,
    );
    stores.playground.getState().actions.setAutoSampling(true, null);
    // A server that asks again at once, over and over: a key's worth of model calls without anyone seeing one.
    for (let i = 0; i < 30; i++) {
      time += 1000;
      stores.serverRequests.getState().actions.applyEvents([{ type: 'server-request', request: sampling(`r${i}`) }]);
    }
    expect(drafted).toHaveLength(MAX_AUTO_SAMPLINGS_PER_WINDOW);
    expect(stores.playground.getState()).toMatchObject({
      autoSampling: false,
      autoSampled: MAX_AUTO_SAMPLINGS_PER_WINDOW,
      autoSamplingError: { message: expect.stringContaining('turned itself off') },
    });
    stop();
  });
});
