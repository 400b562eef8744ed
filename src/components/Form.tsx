import React, { type FormHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import type { useFieldValue } from './useFieldValue';

interface SearchFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'role' | 'aria-label'> {
  /** What the form searches, for assistive technologies (its search landmark's name). */
  label?: string;
  /** The fields as they are when the form is sent: text typed before the page finished loading counts too. */
  onSearch: (fields: FormData) => void;
  children: ReactNode;
}

/** A tool's search form: a search landmark whose fields the tool checks itself (its own messages, not the browser's). */
export function SearchForm({ label, onSearch, className = 'search-form', children, ...form }: SearchFormProps) {
  return (
    <form
      {...form}
      className={className}
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(new FormData(event.currentTarget));
      }}
    >
      {children}
    </form>
  );
}

/** The text of a form's field, '' when it is absent. */
export const fieldText = (fields: FormData, name: string) => String(fields.get(name) ?? '');

interface FieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}

/** A labelled field of a form; the control is the child, with the same id. */
export function Field({ id, label, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

interface SearchTextProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'value' | 'onChange'> {
  id: string;
  name: string;
  label: string;
  /** The field's state: what useFieldValue gives (so text typed before the page became interactive is kept). */
  field: ReturnType<typeof useFieldValue>;
}

/** A labelled search box (no autocompletion by the browser: the tool answers). */
export function SearchText({ id, name, label, field: [value, setValue, ref], ...input }: SearchTextProps) {
  return (
    <Field id={id} label={label}>
      <input
        {...input}
        id={id}
        name={name}
        ref={ref}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
      />
    </Field>
  );
}

interface FormActionsProps {
  /** The submit button's text. */
  submit: string;
  /** The submit button's look (the main action by default). */
  submitClass?: string;
  /** The submit button is disabled: while the form's answer is on its way, or until the form can be sent. */
  disabled?: boolean;
  /** A second button that empties the form. */
  reset?: { label: string; onClick: () => void };
}

/** A form's buttons: send it and, where it can be emptied, start again. */
export function FormActions({ submit, submitClass = 'button', disabled, reset }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className={submitClass} disabled={disabled}>
        {submit}
      </button>
      {reset && (
        <button type="button" className="button button-secondary" onClick={reset.onClick}>
          {reset.label}
        </button>
      )}
    </div>
  );
}
