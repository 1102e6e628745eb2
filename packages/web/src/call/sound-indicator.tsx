import styles from './call-overlay.module.css';

/** Bars lit by the peer's audio level (0..1), from the receiver's audio level (im.calls' audioLevel). */
export function SoundIndicator({ level, label }: { level: number; label: string }) {
  const lit = Math.min(5, Math.ceil(Math.sqrt(Math.max(0, level)) * 5));
  return (
    <div
      className={styles.sound}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(level * 100)}
    >
      {[1, 2, 3, 4, 5].map((bar) => (
        <span key={bar} className={bar <= lit ? `${styles.bar} ${styles.lit}` : styles.bar} />
      ))}
    </div>
  );
}
