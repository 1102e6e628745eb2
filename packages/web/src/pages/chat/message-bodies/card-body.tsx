import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { Avatar } from '../../../components/avatar';
import { paths } from '../../../router/paths';
import type { BodyProps } from './body-props';
import styles from './rich-bodies.module.css';

/** 108: a user's card (face and name); tapping it opens that user's card screen. */
export function CardBody({ message }: BodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = message.cardElem;
  if (!card) return null;
  const name = card.nickname || card.userID;
  return (
    <button
      type="button"
      className={styles.card}
      aria-label={t('rich.cardOf', { name })}
      onClick={() => void navigate(paths.userCard({ userID: card.userID }))}
    >
      <Avatar name={name} src={card.faceURL} size={40} />
      <span className={styles.cardName}>{name}</span>
      <span className={styles.cardLabel}>{t('rich.card')}</span>
    </button>
  );
}
