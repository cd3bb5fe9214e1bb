/** The step details as markup (server-rendered in Node): facts as a term/definition list, text only. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuthStep } from '../../shared/auth.ts';
import { AuthStepDetails } from './AuthStepDetails.tsx';

const step = (extra: Partial<AuthStep>): AuthStep => ({
  id: 1,
  time: 1,
  serverUrl: 'https://mcp.example/mcp',
  kind: 'iss-check',
  title: 'Issuer check failed',
  rule: 'RFC 9207',
  verdict: 'refused',
  ...extra,
});

describe('AuthStepDetails', () => {
  it('shows each fact as a term and its definition', () => {
    const html = renderToStaticMarkup(
      <AuthStepDetails
        step={step({
          facts: [
            { label: 'Expected issuer', value: 'https://as.example' },
            { label: 'iss in the response', value: 'present (not shown)' },
          ],
        })}
      />,
    );
    expect(html).toContain('<dl class="auth-facts"><div class="auth-fact"><dt>Expected issuer</dt><dd>https://as.example</dd></div>');
    expect(html).toContain('<dt>iss in the response</dt><dd>present (not shown)</dd>');
  });
  it('renders fact values as text, never as markup', () => {
    const html = renderToStaticMarkup(
      <AuthStepDetails step={step({ kind: 'as-change', facts: [{ label: 'New issuer', value: '<img src=x onerror=alert(1)>' }] })} />,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
  it('shows no list when a step has no facts', () => {
    expect(renderToStaticMarkup(<AuthStepDetails step={step({ facts: [] })} />)).not.toContain('<dl');
  });
});
