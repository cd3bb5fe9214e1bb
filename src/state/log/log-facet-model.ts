/** The shape of the Message log's structured filters, apart from their logic so the log store can hold them. */
export type DirectionFacet = 'any' | 'in' | 'out';
/** `error` covers error responses and frames that are not valid JSON-RPC: both are something gone wrong. */
export type KindFacet = 'any' | 'request' | 'response' | 'notification' | 'error';

export interface LogFacets {
  direction: DirectionFacet;
  kind: KindFacet;
  /** A part of the method name, case-insensitive; a response matches by the method of its request. */
  method: string;
}

export const NO_FACETS: LogFacets = { direction: 'any', kind: 'any', method: '' };
