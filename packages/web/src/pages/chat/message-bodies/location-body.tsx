import { useTranslation } from '../../../i18n/use-translation';
import { locationName } from '../../../utils/location-name';
import type { BodyProps } from './body-props';
import styles from './rich-bodies.module.css';

/** The OpenStreetMap page centred on a point, with a marker there. */
export function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** 109: the place's name and coordinates, a link to the map in a new tab. */
export function LocationBody({ message }: BodyProps) {
  const { t } = useTranslation();
  const elem = message.locationElem;
  if (!elem) return null;
  const name = locationName(elem.description) || t('rich.location');
  return (
    <a
      className={styles.location}
      href={mapLink(elem.latitude, elem.longitude)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('rich.openMap', { name })}
    >
      <span className={styles.locationName}>{name}</span>
      <span className={styles.locationCoords}>
        {t('rich.coordinates', { latitude: elem.latitude.toFixed(5), longitude: elem.longitude.toFixed(5) })}
      </span>
    </a>
  );
}
