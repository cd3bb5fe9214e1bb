import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MessageOrigin } from './events.ts';
import { isAuditProbe, jobIdOf, originOf } from './message-origin.ts';

describe('a log entry’s origin', () => {
  it('is tagged with every feature that marks its requests, and the registry’s own jobs', () => {
    expectTypeOf<MessageOrigin['feature']>().toEqualTypeOf<'job' | 'resend' | 'audit' | 'apps' | 'collections'>();
  });

  it('names the job that sent the request, whichever feature marked it', () => {
    const jobs = (origin: MessageOrigin) => jobIdOf({ origin });
    expect(jobs({ feature: 'job', id: 'tool-1' })).toBe('tool-1');
    expect(jobs({ feature: 'apps', id: 'ui://sales/chart', job: 'app-tool-2' })).toBe('app-tool-2');
    expect(jobs({ feature: 'apps', id: 'ui://sales/chart' })).toBeUndefined();
    expect(jobs({ feature: 'collections', id: '3', job: 'collection-4' })).toBe('collection-4');
    expect(jobs({ feature: 'resend', id: 'resend-5', job: 'resend-5', fromSeq: 9, edited: false })).toBe('resend-5');
    // Re-sent without a job, its id is the seq it repeats: no job to find.
    expect(jobs({ feature: 'resend', id: '9', fromSeq: 9, edited: true })).toBeUndefined();
    expect(jobs({ feature: 'audit', id: 'tools-list' })).toBeUndefined();
    expect(jobIdOf({})).toBeUndefined();
  });

  it('reads one feature’s mark, and tells an audit probe apart', () => {
    const probe = { origin: { feature: 'audit', id: 'dns-rebinding-protection', probe: true } } as const;
    expect(originOf(probe, 'audit')).toEqual(probe.origin);
    expect(originOf(probe, 'apps')).toBeUndefined();
    expect(isAuditProbe(probe)).toBe(true);
    expect(isAuditProbe({ origin: { feature: 'audit', id: 'tools-list' } })).toBe(false);
  });
});
