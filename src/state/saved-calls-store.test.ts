import { describe, expect, it } from 'vitest';
import { MAX_SAVED_ARGUMENTS_CHARS, MAX_SAVED_CALLS, checkRequest, createSavedCallsStore } from './saved-calls-store.ts';
import { blockedStorage, memoryStorage } from '../test/support/test-storage.ts';

const request = { name: 'Say hi', tool: 'echo', arguments: { message: 'hi' }, server: 'https://a.test/mcp', savedAt: 1 };

describe('saved requests', () => {
  it('are kept in the browser and read back after a reload', () => {
    const storage = memoryStorage();
    createSavedCallsStore(storage).getState().actions.save(request);
    const reloaded = createSavedCallsStore(storage).getState().calls;
    expect(reloaded).toEqual([expect.objectContaining(request)]);
    createSavedCallsStore(storage).getState().actions.remove(reloaded[0]!.id);
    expect(createSavedCallsStore(storage).getState().calls).toEqual([]);
  });

  it('move up and down one place at a time, and keep that order after a reload', () => {
    const storage = memoryStorage();
    const store = createSavedCallsStore(storage);
    for (const name of ['a', 'b', 'c']) store.getState().actions.save({ ...request, name });
    const names = () => store.getState().calls.map((saved) => saved.name);
    const id = (name: string) => store.getState().calls.find((saved) => saved.name === name)!.id;
    store.getState().actions.move(id('c'), -1);
    expect(names()).toEqual(['a', 'c', 'b']);
    store.getState().actions.move(id('a'), -1);
    store.getState().actions.move(id('b'), 1);
    expect(names()).toEqual(['a', 'c', 'b']);
    store.getState().actions.move(id('a'), 1);
    expect(
      createSavedCallsStore(storage)
        .getState()
        .calls.map((saved) => saved.name),
    ).toEqual(['c', 'a', 'b']);
  });

  it('keep the server URL without its secrets', () => {
    const store = createSavedCallsStore(memoryStorage());
    store.getState().actions.save({ ...request, server: 'https://me:pw@a.test/mcp?api_key=sk-planted' });
    expect(store.getState().calls[0]!.server).not.toMatch(/pw|sk-planted/);
  });

  it('drop what storage holds that is not a well-formed request', () => {
    const good = { ...request, id: 'a' };
    const storage = memoryStorage({
      'mcp-lens.saved-requests': JSON.stringify([
        good,
        { ...good, id: 'b', arguments: [1] },
        { ...good, id: 'c', tool: 7 },
        { ...good, id: 'd', savedAt: 'yesterday' },
        null,
        { ...good, id: 'e', arguments: { blob: 'x'.repeat(MAX_SAVED_ARGUMENTS_CHARS) } },
      ]),
    });
    expect(
      createSavedCallsStore(storage)
        .getState()
        .calls.map((r) => r.id),
    ).toEqual(['a']);
    expect(createSavedCallsStore(memoryStorage({ 'mcp-lens.saved-requests': '{not json' })).getState().calls).toEqual([]);
    expect(createSavedCallsStore(memoryStorage({ 'mcp-lens.saved-requests': '{"a":1}' })).getState().calls).toEqual([]);
  });

  it('never let a stored __proto__ key reach a prototype', () => {
    const checked = checkRequest(
      JSON.parse(`{"id":"p","name":"n","tool":"t","server":"s","savedAt":1,"arguments":{"__proto__":{"polluted":true}}}`),
    );
    expect(checked).not.toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(checked!.arguments)).toBe(Object.prototype);
  });

  it('are bounded, and still work with storage blocked', () => {
    const store = createSavedCallsStore(blockedStorage);
    for (let index = 0; index < MAX_SAVED_CALLS + 3; index += 1) store.getState().actions.save({ ...request, name: `r${index}` });
    expect(store.getState().calls).toHaveLength(MAX_SAVED_CALLS);
    expect(store.getState().calls.at(-1)!.name).toBe(`r${MAX_SAVED_CALLS + 2}`);
  });
});
