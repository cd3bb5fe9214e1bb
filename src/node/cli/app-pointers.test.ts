import { describe, expect, it } from 'vitest';
import { withoutAppPointers } from './app-pointers.ts';

describe('engine sentences in a terminal', () => {
  it('lose their pointers to the app’s views, and keep what they say', () => {
    expect(withoutAppPointers('The server sent a response that is not valid JSON. The raw bytes are in the Message log.')).toBe(
      'The server sent a response that is not valid JSON.',
    );
    expect(withoutAppPointers('MCP Lens refused it and asked you nothing; the answer is in the Message log. Try again.')).toBe(
      'MCP Lens refused it and asked you nothing. Try again.',
    );
    expect(withoutAppPointers('A 2 MB body (the whole of it is in the Message log) was cut.')).toBe('A 2 MB body was cut.');
    expect(withoutAppPointers('Nothing answers MCP at this URL (HTTP 404). Check the path.')).toBe(
      'Nothing answers MCP at this URL (HTTP 404). Check the path.',
    );
  });

  it('keeps a text that is only a pointer rather than print nothing', () => {
    expect(withoutAppPointers('It is in the Message log.')).toBe('It is in the Message log.');
  });
});
