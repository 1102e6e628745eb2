import type { ReactNode } from 'react';
import styles from './auth-form.module.css';

interface Props {
  /** The id of the input the label names. */
  inputId: string;
  label: string;
  /** The error text, shown under the input and announced. */
  error?: string;
  /** Beside the input, e.g. the "Get code" button. */
  extra?: ReactNode;
  children: ReactNode;
}

/** The id of a field's error text, for the input's aria-describedby. */
export function errorIdOf(inputId: string): string {
  return `${inputId}-error`;
}

/** What an input of a field carries so that assistive technology hears its error. */
export function describedBy(inputId: string, error?: string) {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorIdOf(inputId) } : {};
}

/** One labelled row of a sign-in form: label, input (and extra), and the field's error. */
export function FormField({ inputId, label, error, extra, children }: Props) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        {children}
        {extra}
      </div>
      {error && (
        <div id={errorIdOf(inputId)} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
