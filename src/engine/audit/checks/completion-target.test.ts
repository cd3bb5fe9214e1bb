import { describe, expect, it } from 'vitest';
import { completionTarget } from './completion-target.ts';

describe('completionTarget', () => {
  it("takes the first prompt with an argument, else the first template's first variable", () => {
    const prompts = [{ name: 'plain' }, { name: 'haiku', arguments: [{ name: 'topic', required: true }] }];
    expect(completionTarget(prompts, [])).toEqual({ ref: { type: 'ref/prompt', name: 'haiku' }, argument: 'topic' });
    expect(completionTarget([{ name: 'plain' }], [{ uriTemplate: 'demo://x' }, { uriTemplate: 'demo://files/{+folder}/{file}' }])).toEqual({
      ref: { type: 'ref/resource', uri: 'demo://files/{+folder}/{file}' },
      argument: 'folder',
    });
  });

  it('finds nothing in lists without arguments or variables, or of the wrong shape', () => {
    expect(
      completionTarget([{ name: 'plain', arguments: [] }, 'nonsense'], [{ uriTemplate: 'demo://fixed' }, { name: 'no template' }]),
    ).toBeUndefined();
  });
});
