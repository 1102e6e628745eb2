import type { InputHTMLAttributes } from 'react';
import type { FieldForm } from './use-field-form';
import { describedBy } from './form-field';
import styles from './auth-form.module.css';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'value' | 'onChange' | 'onBlur'
>;

interface Props<V> extends NativeProps {
  id: string;
  form: FieldForm<V>;
  /** The form value this input edits (a string value). */
  name: keyof V;
  /** The field's error text, if any: the input is then invalid and described by it. */
  error?: string;
  /** How typed text becomes the value (the phone number drops spaces). */
  normalize?: (text: string) => string;
}

/** A native input bound to one value of a sign-in form: typed in, checked when left. */
export function FieldInput<V>({ id, form, name, error, normalize, ...native }: Props<V>) {
  return (
    <input
      id={id}
      className={styles.input}
      {...native}
      value={String(form.values[name])}
      onChange={(event) =>
        form.setValue(name, (normalize ? normalize(event.target.value) : event.target.value) as V[keyof V])
      }
      onBlur={() => form.blur(name)}
      {...describedBy(id, error)}
    />
  );
}
