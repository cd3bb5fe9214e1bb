import { describe, expect, it } from 'vitest';
import { hideUrlCredentials, presentationOf } from './presentation.ts';

describe('hideUrlCredentials', () => {
  it('masks user info and credential-looking query values by the address rule, keeping the rest as typed', () => {
    expect(hideUrlCredentials('https://u:p@h.example/mcp?api_key=k1&x_session=s&region=eu#top')).toBe(
      'https://h.example/mcp?api_key=••••&x_session=••••&region=eu#top',
    );
  });

  it('says there is nothing to hide for a URL without credentials, a half-typed one, or an empty value', () => {
    expect(hideUrlCredentials('http://127.0.0.1:3001/mcp?region=eu')).toBeNull();
    expect(hideUrlCredentials('https://h.example/mcp?token=')).toBeNull();
    expect(hideUrlCredentials('https://')).toBeNull();
  });
});

describe('presentationOf', () => {
  it('shows everything and allows exports by default', () => {
    const shown = presentationOf({ demo: false });
    expect(shown).toMatchObject({ hideValues: false, urlTooltips: true, exportRefusal: null });
    expect(shown.maskUrl('https://u:p@h.example/mcp')).toBeNull();
  });

  it('on stage hides values and URL credentials, and refuses exports with a reason', () => {
    const stage = presentationOf({ demo: true });
    expect(stage).toMatchObject({ hideValues: true, urlTooltips: false, exportRefusal: expect.stringContaining('Demo mode') });
    expect(stage.maskUrl('https://u:p@h.example/mcp')).toBe('https://h.example/mcp');
  });
});
