/** The address as data: what a link carries in, what the app writes back, and demo mode riding along. */
import { describe, expect, it } from 'vitest';
import { addressFor, readAddress } from './address.ts';
import { syncAddress } from './address-sync.ts';
import { createSharedStores, createStores } from '../stores.ts';

const SERVER = 'http://127.0.0.1:3001/mcp';

describe('readAddress and addressFor', () => {
  it('reads demo=1 from a link, and only that value', () => {
    expect(readAddress(`http://lens.test/?url=${encodeURIComponent(SERVER)}&demo=1#tools`)).toMatchObject({
      url: SERVER,
      tab: 'tools',
      demo: true,
    });
    expect(readAddress('http://lens.test/?demo=yes').demo).toBe(false);
    expect(readAddress('http://lens.test/').demo).toBe(false);
  });

  it('writes demo=1 only while demo mode is on, with or without a server', () => {
    expect(addressFor({ url: SERVER, tab: 'tools', tool: 'echo', demo: true })).toBe(
      `?url=${encodeURIComponent(SERVER)}&demo=1#tools/echo`,
    );
    expect(addressFor({ url: SERVER, tab: 'tools', tool: null, demo: false })).toBe(`?url=${encodeURIComponent(SERVER)}#tools`);
    expect(addressFor({ url: '', tab: 'tools', tool: null, demo: true })).toBe('?demo=1#tools');
  });

  it('round-trips a place through the address', () => {
    const place = { url: `${SERVER}?region=eu`, tab: 'tools', tool: 'show sales', connect: true, demo: true };
    expect(readAddress(`http://lens.test/${addressFor(place)}`)).toEqual(place);
  });

  it('drops credential-looking query parameters (looksLikeCredential) and keeps the rest', () => {
    expect(addressFor({ url: `${SERVER}?api_key=s3cret&x_session=s2&jwt=s3&region=eu`, tab: 'tools', tool: null })).toBe(
      `?url=${encodeURIComponent(`${SERVER}?region=eu`)}#tools`,
    );
  });
});

describe('syncAddress', () => {
  it('keeps demo=1 in the bar while demo mode is on and drops it when it goes off', () => {
    const stores = createStores({ url: SERVER, headers: [] }, createSharedStores(undefined), { tab: 'tools' });
    const written: string[] = [];
    const stop = syncAddress(stores, (relative) => written.push(relative));
    expect(written.at(-1)).not.toContain('demo=1');
    stores.prefs.getState().actions.setDemo(true);
    expect(written.at(-1)).toBe(`?url=${encodeURIComponent(SERVER)}&demo=1#tools`);
    stores.view.getState().actions.showTab('Resources');
    expect(written.at(-1)).toBe(`?url=${encodeURIComponent(SERVER)}&demo=1#resources`);
    stores.prefs.getState().actions.setDemo(false);
    expect(written.at(-1)).toBe(`?url=${encodeURIComponent(SERVER)}#resources`);
    stop();
  });
});
