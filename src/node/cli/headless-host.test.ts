import { describe, expect, it } from 'vitest';
import { LensClient } from '../../engine/sdk/sdk-client.ts';
import { formDefaults, headlessRequestAnswers, type HostAnswer } from './headless-host.ts';
import { hostAnswerLine } from './verbose-events.ts';

describe('formDefaults (the headless elicitation answer)', () => {
  it('keeps fields named after Object.prototype members as ordinary keys', () => {
    const content = formDefaults(
      JSON.parse('{"properties":{"__proto__":{"default":"p"},"toString":{"default":"t"},"broken":null,"plain":{"type":"string"}}}'),
    );
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(JSON.stringify(content)).toBe('{"__proto__":"p","toString":"t"}');
  });
});

describe('headlessRequestAnswers', () => {
  it('answers sampling with its fixed reply and a form with its defaults, and reports each answer as given', async () => {
    const client = new LensClient({ name: 'cli', version: '0' }, { capabilities: { sampling: {}, elicitation: { form: {} } } });
    const answers: HostAnswer[] = [];
    headlessRequestAnswers((answer) => answers.push(answer)).setup?.(client);
    const signal = new AbortController().signal;
    const sampled = await client.fulfilInputRequest(
      's',
      'sampling/createMessage',
      { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
      signal,
    );
    const elicited = await client.fulfilInputRequest(
      'e',
      'elicitation/create',
      { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' } } } },
      signal,
    );
    expect(sampled).toMatchObject({ role: 'assistant', model: 'mcp-lens-headless', content: { type: 'text' } });
    expect(elicited).toMatchObject({ action: 'accept', content: { name: 'Ada' } });
    expect(answers).toEqual([
      { method: 'sampling/createMessage', answer: expect.objectContaining({ model: 'mcp-lens-headless' }) },
      { method: 'elicitation/create', answer: { action: 'accept', content: { name: 'Ada' } } },
    ]);
    expect(hostAnswerLine(answers[0]!)).toMatch(
      /^\[host\] answered sampling\/createMessage: \{"role":"assistant",.*"model":"mcp-lens-headless"/,
    );
  });
});
