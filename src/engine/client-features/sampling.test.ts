import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from './client-features.ts';
import { checkSamplingReply, checkSamplingRequest, checkToolPairing } from './sampling.ts';

const user = (text: string) => ({ role: 'user', content: { type: 'text', text } });
const use = (id: string) => ({ type: 'tool_use', id, name: 'get_weather', input: {} });
const result = (id: string) => ({ type: 'tool_result', toolUseId: id, content: [] });
const tools = [{ name: 'get_weather', inputSchema: { type: 'object' } }];

describe('sampling request rules', () => {
  it('refuses tools and toolChoice without sampling.tools', () => {
    expect(checkSamplingRequest({ messages: [user('hi')], tools }, false)).toMatch(/sampling.tools/);
    expect(checkSamplingRequest({ messages: [user('hi')], toolChoice: { mode: 'auto' } }, false)).toMatch(/sampling.tools/);
    expect(checkSamplingRequest({ messages: [user('hi')], tools }, true)).toBeUndefined();
  });

  it('accepts a well-paired tool round', () => {
    const messages = [
      user('q'),
      { role: 'assistant', content: [use('a'), use('b')] },
      { role: 'user', content: [result('b'), result('a')] },
      { role: 'assistant', content: { type: 'text', text: 'ok' } },
    ];
    expect(checkToolPairing(messages)).toBeUndefined();
  });

  it.each([
    ['an orphan tool_result', [user('q'), { role: 'user', content: [result('x')] }], /no tool_use in the previous message/],
    [
      'results mixed with text',
      [
        { role: 'assistant', content: [use('a')] },
        { role: 'user', content: [result('a'), { type: 'text', text: 'and' }] },
      ],
      /mixes tool_result/,
    ],
    [
      'a missing result',
      [
        { role: 'assistant', content: [use('a'), use('b')] },
        { role: 'user', content: [result('a')] },
      ],
      /"b" with no tool_result/,
    ],
    ['a tool_use left unanswered', [{ role: 'assistant', content: [use('a')] }, user('next')], /does not answer them/],
    [
      'a doubled result',
      [
        { role: 'assistant', content: [use('a')] },
        { role: 'user', content: [result('a'), result('a')] },
      ],
      /twice/,
    ],
    [
      'results from the assistant',
      [
        { role: 'assistant', content: [use('a')] },
        { role: 'assistant', content: [result('a')] },
      ],
      /not "user"/,
    ],
    ['tool_use from the user', [{ role: 'user', content: [use('a')] }], /not "assistant"/],
  ])('refuses %s', (_name, messages, reason) => {
    expect(checkToolPairing(messages)).toMatch(reason);
  });
});

describe('the reply a person approves', () => {
  const params = { messages: [user('q')], tools, toolChoice: { mode: 'auto' } };
  it('needs a role, a model and content', () => {
    expect(checkSamplingReply({ role: 'assistant', model: '', content: { type: 'text', text: 'x' } }, params, true)).toMatch(/model/);
    expect(checkSamplingReply({ role: 'assistant', model: 'm', content: [] }, params, true)).toMatch(/content/);
    expect(checkSamplingReply({ role: 'assistant', model: 'm', content: { type: 'text', text: 'x' } }, params, true)).toBeUndefined();
  });
  it('uses only tools that were offered, and none under toolChoice none', () => {
    const reply = (name: string) => ({ role: 'assistant', model: 'm', content: [{ type: 'tool_use', id: '1', name, input: {} }] });
    expect(checkSamplingReply(reply('get_weather'), params, true)).toBeUndefined();
    expect(checkSamplingReply(reply('rm_rf'), params, true)).toMatch(/did not offer/);
    expect(checkSamplingReply(reply('get_weather'), { ...params, toolChoice: { mode: 'none' } }, true)).toMatch(/none/);
    expect(checkSamplingReply(reply('get_weather'), { messages: [] }, true)).toMatch(/offered no tools/);
  });
});

describe('capability switches', () => {
  it('declares exactly what is switched on', () => {
    const all = { sampling: true, samplingTools: true, elicitationForm: true, elicitationUrl: true, roots: true };
    expect(capabilitiesFor(all)).toEqual({ sampling: { tools: {} }, elicitation: { form: {}, url: {} }, roots: { listChanged: true } });
    expect(capabilitiesFor({ ...all, samplingTools: false, elicitationUrl: false })).toEqual({
      sampling: {},
      elicitation: { form: {} },
      roots: { listChanged: true },
    });
    // sampling.tools means nothing without sampling.
    expect(capabilitiesFor({ ...all, sampling: false, elicitationForm: false, elicitationUrl: false, roots: false })).toEqual({});
  });
});
