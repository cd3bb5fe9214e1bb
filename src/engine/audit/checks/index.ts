/**
 * Every check, in the order a run takes them: the lists first (later checks read them), the utilities, then
 * the error answers. A new check is one file here and one line below (see ../README.md).
 */
import type { AuditCheck } from '../check.ts';
import { cacheHints } from './cache-hints.ts';
import { resourceNotFound, unknownMethod, unknownTool } from './error-codes.ts';
import { promptsList, resourcesList, resourceTemplatesList, toolsList } from './lists.ts';
import { toolCalls } from './tool-calls.ts';
import { toolSchemas } from './tool-schemas.ts';
import { completionComplete, loggingSetLevel, ping } from './utilities.ts';

export const AUDIT_CHECKS: readonly AuditCheck[] = [
  ping,
  toolsList,
  toolSchemas,
  resourcesList,
  resourceTemplatesList,
  promptsList,
  completionComplete,
  loggingSetLevel,
  cacheHints,
  unknownMethod,
  unknownTool,
  resourceNotFound,
  toolCalls,
];
