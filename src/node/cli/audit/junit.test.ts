import { describe, expect, it } from 'vitest';
import { fakeReport } from './fake-report.ts';
import { toJUnitXml, xmlEscape } from './junit.ts';

/**
 * Well-formedness of the XML subset the writer emits, checked strictly: balanced elements, quoted attributes
 * without raw `<` or `&`, text without raw `<` or a bare `&`, and only characters XML 1.0 allows.
 */
function wellFormed(xml: string): string[] {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')) problems.push('no XML declaration');
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(xml)) problems.push('a character XML 1.0 forbids');
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[A-Za-z][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of body.matchAll(token)) {
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    if (stray) problems.push(`a stray < at ${match.index}`);
    const raw = text ?? attributes ?? '';
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(raw)) problems.push(`a bare & near ${JSON.stringify(raw.slice(0, 40))}`);
    if (!name) continue;
    if (closing) {
      if (stack.pop() !== name) problems.push(`</${name}> closes nothing open`);
    } else if (!selfClosing) stack.push(name);
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}

describe('toJUnitXml', () => {
  it('is judged by a checker that does catch broken XML', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(wellFormed(`${head}<a><b></a>`)).not.toEqual([]);
    expect(wellFormed(`${head}<a x="1 < 2"/>`)).not.toEqual([]);
    expect(wellFormed(`${head}<a>fish & chips</a>`)).not.toEqual([]);
    expect(wellFormed(`${head}<a>bell \u0007</a>`)).not.toEqual([]);
    expect(wellFormed(`${head}<a x="1">ok &amp; fine</a>`)).toEqual([]);
  });

  it('writes one testcase per check: a fail is a failure, not applicable is skipped, a warning passes with its reason', () => {
    const xml = toJUnitXml(
      fakeReport([
        { id: 'ping', verdict: 'pass' },
        { id: 'tools-list', verdict: 'fail', reason: 'tools/list never ends', details: ['Sent tools/list {}'] },
        { id: 'cache-hints', verdict: 'not-applicable', reason: 'Only in 2026-07-28.' },
        { id: 'unknown-tool', verdict: 'warning', reason: 'isError result' },
      ]),
    );
    expect(wellFormed(xml)).toEqual([]);
    expect(xml).toContain('<testsuites name="MCP Lens audit" tests="4" failures="1" errors="0" skipped="1" time="1.234">');
    expect(xml).toContain('<testcase name="ping: ping" classname="mcp-lens.audit.ping" time="0.012"/>');
    expect(xml).toMatch(
      /<failure message="tools\/list never ends" type="fail">tools\/list never ends&#10;Sent tools\/list \{\}&#10;Spec: https:/,
    );
    expect(xml).toContain('<skipped message="Only in 2026-07-28."/>');
    expect(xml).toContain('<system-out>warning: isError result');
  });

  it('escapes what the server wrote, and replaces what XML cannot carry, so the file stays well-formed', () => {
    const hostile = 'tool "<x>" & \'y\' \u0007bell \u001b[31mred\r\nnext \ud800 lone';
    const xml = toJUnitXml(
      fakeReport([{ id: 'tools-list', verdict: 'fail', reason: hostile, details: [`</failure></testcase><testcase name="${hostile}">`] }]),
    );
    expect(wellFormed(xml)).toEqual([]);
    expect(xml).not.toContain('<x>');
    expect(xml).toContain('tool &quot;&lt;x&gt;&quot; &amp; &apos;y&apos; \ufffdbell \ufffd[31mred&#13;&#10;next \ufffd lone');
  });

  it('keeps a valid surrogate pair and marks a cancelled run', () => {
    expect(xmlEscape('emoji 😀')).toBe('emoji 😀');
    const report = { ...fakeReport([{ id: 'ping', verdict: 'pass' }]), cancelled: true as const };
    expect(toJUnitXml(report)).toContain('<property name="cancelled" value="true"/>');
  });
});
