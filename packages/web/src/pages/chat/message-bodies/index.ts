import { ContentType } from '@im/protocol';
import type { BodyComponent } from './body-props';
import { CardBody } from './card-body';
import { FaceBody } from './face-body';
import { FileBody } from './file-body';
import { LocationBody } from './location-body';
import { MergeBody } from './merge-body';
import { PictureBody } from './picture-body';
import { QuoteBody } from './quote-body';
import { SummaryBody } from './summary-body';
import { TextBody } from './text-body';
import { VideoBody } from './video-body';
import { VoiceBody } from './voice-body';

export type { BodyComponent, BodyProps } from './body-props';
export { PictureGallery } from './picture-gallery';
export { UploadProgress } from './upload-progress';

/**
 * The renderer table: one body component per content type (one line each, so that additions merge
 * trivially). A type without an entry shows its list summary.
 */
export const messageBodies: Partial<Record<number, BodyComponent>> = {
  [ContentType.Text]: TextBody,
  [ContentType.AtText]: SummaryBody,
  [ContentType.Picture]: PictureBody,
  [ContentType.Video]: VideoBody,
  [ContentType.File]: FileBody,
  [ContentType.Voice]: VoiceBody,
  [ContentType.Quote]: QuoteBody,
  [ContentType.Card]: CardBody,
  [ContentType.Location]: LocationBody,
  [ContentType.Merge]: MergeBody,
  [ContentType.Face]: FaceBody,
};

/** Types whose body fills the bubble edge to edge (no padding, no background). */
export const bareBodies: ReadonlySet<number> = new Set<number>([ContentType.Picture, ContentType.Video]);

export function bodyFor(contentType: number): BodyComponent {
  return messageBodies[contentType] ?? SummaryBody;
}
