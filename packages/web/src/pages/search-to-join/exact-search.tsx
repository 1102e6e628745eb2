import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, Input, List, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { PageLoading } from '../../components/page-loading';
import styles from './search-to-join.module.css';

interface Props<T> {
  /** The search box's accessible name. */
  label: string;
  placeholder: string;
  /** The text when nothing matches. */
  noResult: string;
  /** The matches for the trimmed keyword. */
  find: (keyword: string) => Promise<T[]>;
  /** Logged with the error when `find` fails. */
  failureLog: string;
  item: (match: T) => ReactNode;
}

/**
 * A search form for an exact keyword, run on submit: while it runs a spinner; then the matches as a
 * list named "Results", or `noResult`; a failure: the "Search failed" toast
 * (docs/product.md#error-texts).
 */
export function ExactSearch<T>({ label, placeholder, noResult, find, failureLog, item }: Props<T>) {
  const { t } = useTranslation();
  const inputID = useId();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'idle' | 'searching' | 'done'>('idle');
  const [matches, setMatches] = useState<T[]>([]);

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = keyword.trim();
    if (!text) return;
    setState('searching');
    try {
      setMatches(await find(text));
      setState('done');
    } catch (error) {
      console.error(failureLog, error);
      setState('idle');
      Toast.show({ icon: 'fail', content: t('common.searchFailed') });
    }
  };

  return (
    <>
      <form className={styles.bar} role="search" onSubmit={(event) => void search(event)}>
        <label htmlFor={inputID} className="visually-hidden">
          {label}
        </label>
        <Input
          id={inputID}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={setKeyword}
          placeholder={placeholder}
          clearable
        />
        <Button type="submit" color="primary" size="small" disabled={!keyword.trim()}>
          {t('search.search')}
        </Button>
      </form>
      {state === 'searching' && <PageLoading />}
      {state === 'done' && matches.length === 0 && <EmptyState text={noResult} />}
      {state === 'done' && matches.length > 0 && (
        <section aria-label={t('search.results')}>
          <List>{matches.map(item)}</List>
        </section>
      )}
    </>
  );
}
