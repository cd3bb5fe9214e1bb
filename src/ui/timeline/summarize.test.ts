import { describe, expect, it } from 'vitest';
import { summarizeNotification } from './summarize.ts';

const note = (method: string, params?: unknown) => summarizeNotification(method, { jsonrpc: '2.0', method, params });

describe('summarizeNotification', () => {
  it('summarizes log messages as [level] logger: data', () => {
    expect(note('notifications/message', { level: 'warning', logger: 'db', data: 'slow query' })).toBe('[warning] db: slow query');
    expect(note('notifications/message', { level: 'info', data: { a: 1 } })).toBe('[info] {"a":1}');
  });
  it('summarizes progress as progress/total message', () => {
    expect(note('notifications/progress', { progressToken: 1, progress: 3, total: 10, message: 'Indexing' })).toBe('3/10 Indexing');
    expect(note('notifications/progress', { progressToken: 1, progress: 0.5 })).toBe('0.5');
  });
  it('says what a list_changed changed', () => {
    expect(note('notifications/tools/list_changed')).toBe('The list of tools changed');
  });
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('treats a method named %s as any unknown method', (method) => {
    expect(note(method)).toBe('');
    expect(note(method, { a: 1 })).toBe('{"a":1}');
  });
  it('falls back to compact params, one line, bounded', () => {
    expect(note('notifications/custom', { x: 'a\nb' })).toBe('{"x":"a\\nb"}');
    expect(note('notifications/custom', { x: 'y'.repeat(500) }).length).toBeLessThanOrEqual(160);
    expect(summarizeNotification('notifications/message', 'garbage')).toBe('[log]');
  });
});
