/** The step details as markup (server-rendered in Node): facts as a term/definition list, text only. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { presentationOf } from '../../app/presentation/presentation.ts';
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

const DEFAULT = presentationOf({ demo: false });
const ON_STAGE = presentationOf({ demo: true });

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
        presentation={DEFAULT}
      />,
    );
    expect(html).toContain('<dl class="auth-facts"><div class="auth-fact"><dt>Expected issuer</dt><dd>https://as.example</dd></div>');
    expect(html).toContain('<dt>iss in the response</dt><dd>present (not shown)</dd>');
  });
  it('renders fact values as text, never as markup', () => {
    const html = renderToStaticMarkup(
      <AuthStepDetails
        step={step({ kind: 'as-change', facts: [{ label: 'New issuer', value: '<img src=x onerror=alert(1)>' }] })}
        presentation={DEFAULT}
      />,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
  it('shows no list when a step has no facts', () => {
    expect(renderToStaticMarkup(<AuthStepDetails step={step({ facts: [] })} presentation={DEFAULT} />)).not.toContain('<dl');
  });

  it('on stage masks every URL by the wider rule and hides the values of the headers sent, not those received', () => {
    const http = {
      method: 'GET',
      url: 'https://mcp.example/.well-known/oauth-protected-resource/mcp?api_key=••••&x_jwt=j-planted',
      requestHeaders: [['x-api-key', 'Bearer ••••'] as [string, string]],
      status: 404,
      responseHeaders: [['content-type', 'application/json'] as [string, string]],
      responseBody: '{"see":"https://mcp.example/mcp?x_jwt=j-planted"}',
    };
    const detail = 'Nothing at https://mcp.example/mcp?x_jwt=j-planted: trying the root.';
    const stage = renderToStaticMarkup(<AuthStepDetails step={step({ detail, http })} presentation={ON_STAGE} />);
    expect(stage).not.toContain('j-planted');
    expect(stage).toContain('?api_key=••••&amp;x_jwt=••••');
    expect(stage).toContain('x-api-key: •••• hidden in demo mode');
    expect(stage).toContain('content-type: application/json');
    const shown = renderToStaticMarkup(<AuthStepDetails step={step({ detail, http })} presentation={DEFAULT} />);
    expect(shown).toContain('x_jwt=j-planted');
    expect(shown).toContain('x-api-key: Bearer ••••');
  });
});
