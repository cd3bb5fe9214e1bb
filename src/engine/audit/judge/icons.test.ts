import { describe, expect, it } from 'vitest';
import { errorExchange, resultExchange } from '../../../test/support/audit-exchanges.ts';
import { judgeBadParams } from './bad-params.ts';
import { judgeIcons } from './icons.ts';

describe('judgeIcons', () => {
  it('passes https and data: image icons with spec sizes and themes, and finds nothing without icons', () => {
    const findings = judgeIcons([
      { label: 'tool "a"', icons: [{ src: 'https://example.com/a.png', sizes: ['48x48', 'any'], theme: 'dark', mimeType: 'image/png' }] },
      { label: 'tool "b"', icons: [{ src: 'data:image/svg+xml;base64,PHN2Zy8+' }] },
      { label: 'tool "c"', icons: undefined },
    ]);
    expect(findings).toEqual([expect.objectContaining({ verdict: 'pass', text: expect.stringMatching(/^2 icons/) })]);
    expect(judgeIcons([{ label: 'tool "c"', icons: undefined }])).toEqual([]);
  });

  it('fails a wrong shape or theme, and warns on a source a client will not load or odd sizes', () => {
    const findings = judgeIcons([
      { label: 'tool "a"', icons: 'https://example.com/a.png' },
      { label: 'tool "b"', icons: [{ src: 'javascript:alert(1)' }, { src: 'https://x.test/i.png', theme: 'blue', sizes: ['big'] }, {}] },
    ]);
    expect(findings.map((f) => f.verdict)).toEqual(['fail', 'warning', 'fail', 'warning', 'fail']);
  });
});

describe('judgeBadParams', () => {
  it('passes -32602, warns on another error code, fails a result', () => {
    expect(judgeBadParams(errorExchange('tools/call', -32602), 'name')[0]?.verdict).toBe('pass');
    expect(judgeBadParams(errorExchange('tools/call', -32603), 'name')[0]?.verdict).toBe('warning');
    expect(judgeBadParams(resultExchange('tools/call', { content: [] }), 'name')[0]).toMatchObject({
      verdict: 'fail',
      text: expect.stringMatching(/without name got a result/),
    });
  });
});
