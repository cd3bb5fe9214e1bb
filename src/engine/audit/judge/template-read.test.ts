import { describe, expect, it } from 'vitest';
import { errorExchange, resultExchange } from '../../../test/support/audit-exchanges.ts';
import { expandTemplate, judgeTemplateRead, sampleValue, simpleVariables } from './template-read.ts';

describe('resource templates', () => {
  it('takes only templates of simple expressions, and fills them in encoded', () => {
    expect(simpleVariables('demo://notes/{id}/v/{rev}')).toEqual(['id', 'rev']);
    expect(simpleVariables('demo://files/{+folder}/{file}')).toBeUndefined();
    expect(simpleVariables('demo://fixed')).toBeUndefined();
    expect(expandTemplate('demo://notes/{id}', { id: 'a b/c' })).toBe('demo://notes/a%20b%2Fc');
  });

  it('guesses "1" for a variable named like an id or a number, and "example" otherwise', () => {
    expect(['id', 'userId', 'item_id', 'page', 'n', 'rev'].map(sampleValue)).toEqual(['1', '1', '1', '1', '1', '1']);
    expect(['city', 'slug', 'hidden'].map(sampleValue)).toEqual(['example', 'example', 'example']);
  });

  it('passes contents with a uri and text or blob, and fails an error, no contents, or a content without either', () => {
    const uri = 'demo://notes/1';
    expect(judgeTemplateRead(resultExchange('resources/read', { contents: [{ uri, text: 'hi' }] }), uri)[0]?.verdict).toBe('pass');
    expect(judgeTemplateRead(errorExchange('resources/read', -32602), uri)[0]?.verdict).toBe('fail');
    expect(judgeTemplateRead(resultExchange('resources/read', { contents: [] }), uri)[0]?.text).toMatch(/no contents/);
    expect(judgeTemplateRead(resultExchange('resources/read', { contents: [{ uri }] }), uri)[0]?.text).toMatch(/neither text nor blob/);
  });
});
