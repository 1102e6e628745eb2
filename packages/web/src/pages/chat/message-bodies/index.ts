import type { ComponentType } from 'react';
import { ContentType } from '@im/protocol';
import type { BodyProps } from './body-props';
import { CardBody } from './card-body';
import { FaceBody } from './face-body';
import { LocationBody } from './location-body';
import { MergeBody } from './merge-body';
import { QuoteBody } from './quote-body';
import { TextBody } from './text-body';

export type { BodyProps } from './body-props';

/**
 * The renderer table: one body component per content type, one line each. A type without an entry
 * shows its summary line (message-body.tsx).
 */
export const messageBodies: Partial<Record<number, ComponentType<BodyProps>>> = {
  [ContentType.Text]: TextBody,
  [ContentType.Quote]: QuoteBody,
  [ContentType.Card]: CardBody,
  [ContentType.Location]: LocationBody,
  [ContentType.Merge]: MergeBody,
  [ContentType.Face]: FaceBody,
};
