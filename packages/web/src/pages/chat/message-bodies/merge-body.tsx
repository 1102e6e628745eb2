import { useContext, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { BodyProps } from './body-props';
import { BodyRendererContext } from './chat-view-context';
import { MergedView } from './merged-view';
import styles from './rich-bodies.module.css';

/** 107: the title and up to four lines; tapping it opens the merged messages, read-only. */
export function MergeBody({ message, selfID }: BodyProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Body = useContext(BodyRendererContext);
  const elem = message.mergeElem;
  if (!elem) return null;
  // A merge inside a quote or another merge keeps only its lines (the server drops the rest).
  const messages = elem.multiMessage ?? [];
  return (
    <>
      <button
        type="button"
        className={styles.merge}
        aria-label={t('rich.mergeOpen', { title: elem.title })}
        onClick={() => setOpen(messages.length > 0)}
      >
        <span className={styles.mergeTitle}>{elem.title}</span>
        {elem.abstractList.slice(0, 4).map((line, index) => (
          <span key={index} className={styles.mergeLine}>
            {line}
          </span>
        ))}
        <span className={styles.mergeFooter}>{t('rich.mergeView')}</span>
      </button>
      {open && Body && (
        <MergedView
          Body={Body}
          title={elem.title}
          messages={messages}
          selfID={selfID}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
