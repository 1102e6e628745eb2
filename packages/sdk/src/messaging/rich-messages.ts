import { ApiError } from '../api-error.ts';
import { ContentType, elemKeyFor, ErrCode, MessageStatus, searchableText } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { draft } from './message-factory.ts';
import type { Sender } from './message-factory.ts';

/** A user as a card shows them (108). */
export interface CardInput {
  userID: string;
  nickname: string;
  faceURL: string;
}

/** A place (109): its name travels as JSON in `description` (docs/product.md#data). */
export interface LocationInput {
  name: string;
  latitude: number;
  longitude: number;
}

/** A sticker (115): `data` is its id in the web's built-in set, `index` its position there. */
export interface FaceInput {
  index: number;
  data: string;
}

/** The lines under a merged message's title (docs/product.md "Media messages"). */
export const MERGE_ABSTRACT_LINES = 4;
/** The most messages one merged message carries. */
export const MERGE_MAX_MESSAGES = 100;

const argsError = (why: string) => new ApiError(ErrCode.ARGS, why);

/** The longest line of a merge's abstract (the server refuses longer ones, docs/api.md). */
const ABSTRACT_LINE_MAX = 200;

/**
 * A copy of a stored message for a quote or a merge: only a message the server holds (it has a
 * seq) can be quoted or forwarded. As the server keeps it, the copy's own quote keeps only its text
 * and a merged copy only its title and lines, so copies never nest further.
 */
export function storedCopy(message: MessageItem): MessageItem {
  if (message.seq <= 0 || message.status !== MessageStatus.Succeeded)
    throw argsError(`message ${message.clientMsgID} is not stored`);
  const copy = structuredClone(message);
  if (copy.quoteElem) copy.quoteElem = { text: copy.quoteElem.text };
  if (copy.mergeElem)
    copy.mergeElem = {
      title: copy.mergeElem.title,
      abstractList: copy.mergeElem.abstractList,
      multiMessage: [],
    };
  return copy;
}

/** The sdk's plain summary of a message for a merge's lines; the web passes a translated one. */
export function plainSummary(message: MessageItem): string {
  switch (message.contentType) {
    case ContentType.Text:
    case ContentType.AtText:
    case ContentType.Quote:
      return searchableText(message);
    case ContentType.Picture:
      return '[Image]';
    case ContentType.Voice:
      return '[Voice]';
    case ContentType.Video:
      return '[Video]';
    case ContentType.File:
      return `[File] ${message.fileElem?.fileName ?? ''}`.trim();
    case ContentType.Location:
      return '[Location]';
    case ContentType.Card:
      return `[Card] ${message.cardElem?.nickname ?? ''}`.trim();
    case ContentType.Merge:
      return '[Chat history]';
    case ContentType.Face:
      return '[Sticker]';
    default:
      return '[Message]';
  }
}

/** A reply (114): the text and a copy of the quoted stored message. */
export function createQuoteMessage(sender: Sender, text: string, quoted: MessageItem): MessageItem {
  return draft(sender, ContentType.Quote, { quoteElem: { text, quoteMessage: storedCopy(quoted) } });
}

/** A user's card (108). */
export function createCardMessage(sender: Sender, user: CardInput): MessageItem {
  return draft(sender, ContentType.Card, {
    cardElem: { userID: user.userID, nickname: user.nickname, faceURL: user.faceURL },
  });
}

/** A place (109); the coordinates are checked here so a bad one never reaches the outbox. */
export function createLocationMessage(sender: Sender, place: LocationInput): MessageItem {
  const { latitude, longitude } = place;
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90)
    throw argsError('latitude must be within -90..90');
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    throw argsError('longitude must be within -180..180');
  return draft(sender, ContentType.Location, {
    locationElem: { description: JSON.stringify({ name: place.name }), latitude, longitude },
  });
}

/**
 * Several stored messages as one (107): the title, a line per message for the first four
 * ("sender: summary"), and copies of the messages in the order given.
 */
export function createMergerMessage(
  sender: Sender,
  messages: readonly MessageItem[],
  title: string,
  summarize: (message: MessageItem) => string = plainSummary,
): MessageItem {
  if (messages.length === 0) throw argsError('nothing to merge');
  if (messages.length > MERGE_MAX_MESSAGES)
    throw argsError(`at most ${MERGE_MAX_MESSAGES} messages can be merged`);
  const multiMessage = messages.map(storedCopy);
  const abstractList = multiMessage
    .slice(0, MERGE_ABSTRACT_LINES)
    .map((m) => `${m.senderNickname || m.sendID}: ${summarize(m)}`.slice(0, ABSTRACT_LINE_MAX));
  return draft(sender, ContentType.Merge, { mergeElem: { title, abstractList, multiMessage } });
}

/** A sticker (115). */
export function createFaceMessage(sender: Sender, face: FaceInput): MessageItem {
  return draft(sender, ContentType.Face, { faceElem: { index: face.index, data: face.data } });
}

/**
 * The same content as a new message from the sender (a new clientMsgID, no seq): forwarding one
 * message as it is. A quote keeps its text and the quoted copy.
 */
export function createForwardMessage(sender: Sender, message: MessageItem): MessageItem {
  const key = elemKeyFor(message.contentType);
  const elem = key ? message[key] : undefined;
  if (!key || !elem || key === 'notificationElem' || key === 'typingElem')
    throw argsError(`a message of type ${message.contentType} cannot be forwarded`);
  return draft(sender, message.contentType, { [key]: structuredClone(elem) });
}
