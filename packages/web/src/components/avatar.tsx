import { useState } from 'react';
import { avatarText } from '../utils/avatar-text';
import styles from './avatar.module.css';

interface Props {
  /** The name: the accessible name, and the source of the fallback character. */
  name: string;
  src?: string | null;
  size?: number;
}

/**
 * A picture when there is one; otherwise a blue square with the last character of the name
 * (docs/product.md#avatars-and-contacts-list).
 */
export function Avatar({ name, src, size = 48 }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  const box = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src && broken !== src) {
    return (
      <span className={styles.avatar} style={box}>
        <img className={styles.image} src={src} alt={name} onError={() => setBroken(src)} />
      </span>
    );
  }
  return (
    <span className={styles.avatar} style={box} role="img" aria-label={name}>
      <span aria-hidden="true">{avatarText(name)}</span>
    </span>
  );
}
