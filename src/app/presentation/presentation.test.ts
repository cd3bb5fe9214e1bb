import { describe, expect, it } from 'vitest';
import { hideUrlCredentials, hideUrlCredentialsIn, presentationOf } from './presentation.ts';

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

describe('hideUrlCredentialsIn', () => {
  it('masks each URL in a text by the same rule, and leaves the words and other URLs as they were', () => {
    expect(
      hideUrlCredentialsIn(
        'Step through OAuth for http://h.example/mcp?api_key=k1&x_jwt=j2 (see https://docs.example/a?b=1), then "https://u:p@x.example/".',
      ),
    ).toBe(
      'Step through OAuth for http://h.example/mcp?api_key=••••&x_jwt=•••• (see https://docs.example/a?b=1), then "https://x.example/".',
    );
    expect(hideUrlCredentialsIn('No URL here.')).toBe('No URL here.');
  });

  it('masks a percent-encoded URL too, such as the OAuth resource indicator in a form body or a URL', () => {
    const resource = encodeURIComponent('http://h.example/mcp?api_key=k1&region=eu');
    expect(hideUrlCredentialsIn(`grant_type=authorization_code&resource=${resource}&code=••••`)).toBe(
      'grant_type=authorization_code&resource=http%3A%2F%2Fh.example%2Fmcp%3Fapi_key%3D••••%26region%3Deu&code=••••',
    );
    expect(hideUrlCredentialsIn(`GET https://as.example/authorize?client_id=c&resource=${resource}&state=s`)).toBe(
      'GET https://as.example/authorize?client_id=c&resource=http%3A%2F%2Fh.example%2Fmcp%3Fapi_key%3D••••%26region%3Deu&state=s',
    );
    const plain = encodeURIComponent('https://h.example/mcp');
    expect(hideUrlCredentialsIn(`resource=${plain}`)).toBe(`resource=${plain}`);
    expect(hideUrlCredentialsIn('resource=https%3A%2F%2F%E0%A4%A')).toBe('resource=https%3A%2F%2F%E0%A4%A');
  });
});

describe('presentationOf', () => {
  it('shows everything and allows exports by default', () => {
    const shown = presentationOf({ demo: false });
    expect(shown).toMatchObject({ hideValues: false, urlTooltips: true, exportRefusal: null });
    expect(shown.maskUrl('https://u:p@h.example/mcp')).toBeNull();
    expect(shown.maskUrlsIn('at https://h.example/mcp?api_key=k1')).toBe('at https://h.example/mcp?api_key=k1');
    expect(shown).toMatchObject({ showsTraffic: true, revealsResults: false });
  });

  it('on stage hides values and URL credentials, and refuses exports with a reason', () => {
    const stage = presentationOf({ demo: true });
    expect(stage).toMatchObject({ hideValues: true, urlTooltips: false, exportRefusal: expect.stringContaining('Demo mode') });
    expect(stage.maskUrl('https://u:p@h.example/mcp')).toBe('https://h.example/mcp');
    expect(stage.maskUrlsIn('at https://h.example/mcp?api_key=k1')).toBe('at https://h.example/mcp?api_key=••••');
  });

  it('on stage folds the traffic away (nothing offers to show it) and brings a finished result into view', () => {
    expect(presentationOf({ demo: true })).toMatchObject({ showsTraffic: false, revealsResults: true });
  });
});
