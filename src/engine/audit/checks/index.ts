/**
 * Every check, in the order a run takes them: the lists first (later checks read them), the utilities, then
 * the error answers, then the transport's rules (raw probes). A new check is one file here and one line below (see ../README.md).
 */
import type { AuditCheck } from '../check.ts';
import { cacheHints } from './cache-hints.ts';
import { httpCustomHeaderServerValidation } from './custom-headers.ts';
import { resourceNotFound, unknownMethod, unknownTool } from './error-codes.ts';
import { promptsList, resourcesList, resourceTemplatesList, toolsList } from './lists.ts';
import { httpHeaderValidation, serverStateless } from './modern-http.ts';
import { cors, dnsRebindingProtection } from './origins.ts';
import { inputRequiredUnsupportedMethods } from './input-required.ts';
import { badParams, icons } from './params-icons.ts';
import { serverInitialize, serverSessionLifecycle } from './sessions.ts';
import { serverSseMultipleStreams } from './streams.ts';
import { tasksCapabilityNegotiation } from './tasks.ts';
import { resourcesTemplatesRead } from './template-read.ts';
import { toolCalls } from './tool-calls.ts';
import { toolSchemas } from './tool-schemas.ts';
import { completionComplete, loggingSetLevel, ping } from './utilities.ts';

export const AUDIT_CHECKS: readonly AuditCheck[] = [
  serverInitialize,
  serverSessionLifecycle,
  serverStateless,
  ping,
  toolsList,
  toolSchemas,
  resourcesList,
  resourceTemplatesList,
  promptsList,
  inputRequiredUnsupportedMethods,
  completionComplete,
  resourcesTemplatesRead,
  loggingSetLevel,
  cacheHints,
  unknownMethod,
  unknownTool,
  resourceNotFound,
  badParams,
  icons,
  httpHeaderValidation,
  httpCustomHeaderServerValidation,
  serverSseMultipleStreams,
  tasksCapabilityNegotiation,
  dnsRebindingProtection,
  cors,
  toolCalls,
];
