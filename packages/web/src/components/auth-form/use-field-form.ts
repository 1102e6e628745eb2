import { useState } from 'react';
import type { TranslationKey } from '../../i18n/keys';

/** A field's rule: the key of its error text, or null when the value is fine. */
export type FieldRule<T, V> = (value: T, values: V) => TranslationKey | null;

export type FieldRules<V> = { [K in keyof V]?: FieldRule<V[K], V> };

export type FieldErrors<V> = Partial<Record<keyof V, TranslationKey>>;

export interface FieldForm<V> {
  values: V;
  errors: FieldErrors<V>;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Checks a field when it loses focus (the sign-in screens validate on blur). */
  blur: (name: keyof V) => void;
  /** Checks the named fields now; true when all pass. */
  validate: (names: (keyof V)[]) => boolean;
}

/**
 * The state of a sign-in screen's form (docs/decisions.md#first-screen): values, one rule per
 * field, errors shown after a field is left or the form is sent, and cleared as the field is
 * corrected. The first screen cannot afford antd-mobile's Form; the other screens keep it.
 */
export function useFieldForm<V extends object>(initial: V, rules: FieldRules<V>): FieldForm<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const check = <K extends keyof V>(name: K, all: V) => rules[name]?.(all[name], all) ?? undefined;

  const setValue = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // A field showing an error is checked again as it is typed in, so the error goes once fixed.
    if (errors[name]) setErrors({ ...errors, [name]: check(name, next) });
  };

  const blur = (name: keyof V) => setErrors({ ...errors, [name]: check(name, values) });

  const validate = (names: (keyof V)[]) => {
    const found: FieldErrors<V> = {};
    for (const name of names) found[name] = check(name, values);
    setErrors({ ...errors, ...found });
    return names.every((name) => !found[name]);
  };

  return { values, errors, setValue, blur, validate };
}
