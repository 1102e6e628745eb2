import type { ReactNode } from 'react';
import { Avatar } from './avatar';
import styles from './identity-card.module.css';

interface IdentityCardProps {
  /** The section's accessible name. */
  label: string;
  name: string;
  face?: string;
  avatarSize?: number;
  /** A card that is the screen's subject (a user's or a group's card) names it as a heading. */
  nameAsHeading?: boolean;
  /** Secondary lines (ID, nickname, member count…). */
  meta?: ReactNode[];
  /** Anything below the lines (a tag). */
  children?: ReactNode;
}

/** The avatar-and-name card at the top of the profile, user, group and application screens. */
export function IdentityCard({
  label,
  name,
  face,
  avatarSize = 64,
  nameAsHeading,
  meta = [],
  children,
}: IdentityCardProps) {
  const Name = nameAsHeading ? 'h2' : 'p';
  return (
    <section className={styles.card} aria-label={label}>
      <Avatar name={name} src={face} size={avatarSize} />
      <div className={styles.text}>
        <Name className={styles.name}>{name}</Name>
        {meta.filter(Boolean).map((line, i) => (
          <p key={i} className={styles.meta}>
            {line}
          </p>
        ))}
        {children}
      </div>
    </section>
  );
}
