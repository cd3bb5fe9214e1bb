import { describe, expect, it } from 'vitest';
import { matchesSearch, searchList, searchTerms } from './list-search.ts';

const tools = [
  { name: 'echo', title: 'Echo back', description: 'Returns its input' },
  { name: 'add', description: 'Adds two numbers' },
  { name: 'longRunning', title: 'Slow one', description: 'Sleeps, reporting progress' },
  { name: 'weird', title: 42, description: null },
];

describe('list search', () => {
  it('matches name, title and description, case-insensitively', () => {
    expect(searchList(tools, 'ECHO').map((t) => t.name)).toEqual(['echo']);
    expect(searchList(tools, 'slow').map((t) => t.name)).toEqual(['longRunning']);
    expect(searchList(tools, 'numbers').map((t) => t.name)).toEqual(['add']);
  });

  it('needs every term, in any field', () => {
    expect(searchList(tools, 'sleeps slow').map((t) => t.name)).toEqual(['longRunning']);
    expect(searchList(tools, 'echo numbers')).toEqual([]);
  });

  it('keeps everything, in order, for a blank query', () => {
    expect(searchList(tools, '   ')).toEqual(tools);
    expect(searchTerms(' a  B ')).toEqual(['a', 'b']);
  });

  it('searches a resource address and ignores fields that are not strings', () => {
    expect(matchesSearch({ name: 'readme', address: 'file:///docs/README.md' }, ['docs/readme'])).toBe(true);
    expect(matchesSearch(tools[3]!, ['42'])).toBe(false);
  });
});
