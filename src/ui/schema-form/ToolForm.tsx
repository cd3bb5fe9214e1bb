/**
 * The generated arguments form. Loaded lazily: @rjsf and Ajv are most of the app's weight and the first
 * screen does not need them.
 */
import Form from '@rjsf/core';
import { getDefaultFormState, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { buttonTemplates } from './form-buttons.tsx';
import { visibleErrors } from './form-errors.ts';
import { buildUiSchema, pruneEmptyOptional } from './form-schema.ts';
import { chooseValidator, judgingSentData } from './validators.ts';

export interface ToolFormProps {
  schema: Record<string, unknown>;
  value: Record<string, unknown>;
  disabled: boolean;
  onChange(value: Record<string, unknown>): void;
  onSubmit(value: Record<string, unknown>): void;
  /** The action buttons (Run tool, Cancel), rendered in place of rjsf's submit button. */
  children: ReactNode;
}

const templates = { ButtonTemplates: buttonTemplates };
const ID_PREFIX = 'tool-args';
const defaultFormState = { emptyObjectFields: 'skipEmptyDefaults' } as const;

export default function ToolForm({ schema, value, disabled, onChange, onSubmit, children }: ToolFormProps) {
  const choice = useMemo(() => chooseValidator(schema), [schema]);
  // What the form holds before anyone types: rjsf fills some fields in itself (a required boolean is false).
  const untouched = useMemo(
    () => getDefaultFormState(choice.validator, choice.schema, {}, choice.schema, false, defaultFormState),
    [choice.validator, choice.schema],
  );
  const validator = useMemo(() => judgingSentData(choice.validator, untouched), [choice.validator, untouched]);
  // Object.assign, not a spread: the uiSchema has no prototype (its keys are the server's property names).
  const uiSchema = useMemo<UiSchema>(
    () => Object.assign(buildUiSchema(choice.schema as Record<string, unknown>), { 'ui:submitButtonOptions': { norender: true } }),
    [choice.schema],
  );
  // Errors show under fields the person has visited, and everywhere once Run was tried: an untouched form is
  // not wrong yet. Neither is React state that renders: rjsf calls transformErrors during its own validation,
  // so it must read the latest values directly.
  const attempted = useRef(false);
  const [visited] = useState(() => new Set<string>());
  const transformErrors = (errors: RJSFValidationError[]) =>
    visibleErrors(errors, { attempted: attempted.current, visited, prefix: ID_PREFIX });
  const visit = (id: string) => visited.add(id);
  const tidy = (data: unknown) => pruneEmptyOptional(choice.schema as Record<string, unknown>, asObject(data), untouched);
  return (
    // Capture: this runs before rjsf validates the submit, so that validation shows every error.
    <div onSubmitCapture={() => (attempted.current = true)}>
      {choice.note && <p className="hint">{choice.note}</p>}
      <Form
        className="rjsf tool-form"
        idPrefix={ID_PREFIX}
        schema={choice.schema}
        validator={validator}
        uiSchema={uiSchema}
        templates={templates}
        formData={value}
        disabled={disabled}
        // Errors show beside each field as you type; a list on top would repeat them and push the form down.
        showErrorList={false}
        noHtml5Validate
        // Checked with Ajv as you type, so mistakes show before Run. (rjsf 6.11's "onBlur" mode swallowed the
        // submit that follows a blur, so Run did nothing.)
        liveValidate="onChange"
        focusOnFirstError
        transformErrors={transformErrors}
        // Focus, not change: some widgets report a change as they mount, which is not the person visiting them.
        onFocus={visit}
        onBlur={visit}
        // Optional objects start empty rather than as `{}`, and one left empty is taken out again.
        experimental_defaultFormStateBehavior={defaultFormState}
        onChange={(event) => onChange(tidy(event.formData))}
        onSubmit={(event) => onSubmit(tidy(event.formData))}
        // The errors are shown in the form; without a handler rjsf would also log them to the console.
        onError={() => undefined}
      >
        {children}
      </Form>
    </div>
  );
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
