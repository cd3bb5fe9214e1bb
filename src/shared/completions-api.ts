/** `completion/complete` across the worker boundary, for argument typeahead. */

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface CompleteParams {
  ref: CompletionRef;
  argument: { name: string; value: string };
  /** Values already entered for the other arguments, so the server can narrow its suggestions. */
  contextArguments?: Record<string, string>;
}

export interface CompleteResult {
  /** At most 100 values, as the spec caps them. */
  values: string[];
  total?: number;
  hasMore: boolean;
}

export interface CompletionsApi {
  complete: { params: CompleteParams; result: CompleteResult };
}
