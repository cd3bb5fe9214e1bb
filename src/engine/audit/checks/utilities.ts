/** ping, logging-set-level (the 2025 era only) and completion-complete. */
import type { AuditCheck } from '../check.ts';
import { exchangeLine } from '../judge/answer.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeCompletion, judgeEmptyResult } from '../judge/utility-results.ts';
import { completionTarget } from './completion-target.ts';

export const ping: AuditCheck = {
  id: 'ping',
  title: 'Ping answers an empty result',
  sections: { legacy: 'basic/utilities/ping' },
  notInEra: "MCP 2026-07-28 removed ping; each request's round trip is in the Message log instead.",
  sideEffects: false,
  suite: {
    scenario: 'ping',
    differs: 'The suite fails a ping result that carries only _meta; every result may carry _meta, so MCP Lens passes it.',
  },
  async run(ctx) {
    const exchange = await ctx.send('ping');
    return outcomeOf(judgeEmptyResult(exchange), [exchangeLine(exchange)]);
  },
};

/** The level the Logs tab starts at; the audit sets it so the session's server log reads as before for most. */
const AUDIT_LOG_LEVEL = 'info';

export const loggingSetLevel: AuditCheck = {
  id: 'logging-set-level',
  title: 'logging/setLevel answers an empty result',
  sections: { legacy: 'server/utilities/logging#setting-log-level' },
  notInEra: "MCP 2026-07-28 has no logging/setLevel: the level travels in each request's _meta.",
  needs: 'logging',
  sideEffects: false,
  suite: { scenario: 'logging-set-level' },
  async run(ctx) {
    const exchange = await ctx.send('logging/setLevel', { level: AUDIT_LOG_LEVEL });
    return outcomeOf(judgeEmptyResult(exchange), [
      exchangeLine(exchange),
      `This sets the server's log level for this session to ${AUDIT_LOG_LEVEL}.`,
    ]);
  },
};

export const completionComplete: AuditCheck = {
  id: 'completion-complete',
  title: 'completion/complete answers values',
  sections: { legacy: 'server/utilities/completion#completion-results', modern: 'server/utilities/completion#completion-results' },
  needs: 'completions',
  sideEffects: false,
  suite: {
    scenario: 'completion-complete',
    differs:
      "The suite completes its fixture prompt's argument; MCP Lens completes the first prompt argument or template variable the server lists.",
  },
  async run(ctx) {
    const prompts = ctx.capabilities.prompts === undefined ? [] : (await ctx.listing('prompts')).items;
    const templates = ctx.capabilities.resources === undefined ? [] : (await ctx.listing('resourceTemplates')).items;
    const target = completionTarget(prompts, templates);
    if (!target)
      return notApplicable('The server offers completions but lists no prompt argument or resource template variable to complete.');
    const exchange = await ctx.send('completion/complete', { ref: target.ref, argument: { name: target.argument, value: 'a' } });
    return outcomeOf(judgeCompletion(exchange), [exchangeLine(exchange)]);
  },
};
