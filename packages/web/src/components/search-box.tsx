import { useId } from 'react';
import { Input } from 'antd-mobile';
import styles from './search-box.module.css';

interface Props {
  /** The box's accessible name (a visually hidden label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** `search` where the box is a landmark of its page (not inside a picker dialog). */
  role?: 'search';
}

/** A filter box above a list: a search input with a visually hidden label. */
export function SearchBox({ label, placeholder, value, onChange, role }: Props) {
  const inputID = useId();
  return (
    <div className={styles.search} role={role}>
      <label htmlFor={inputID} className="visually-hidden">
        {label}
      </label>
      <Input
        id={inputID}
        className={styles.searchInput}
        type="search"
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        clearable
      />
    </div>
  );
}
