import type { WsResponse } from '@im/protocol';

/** The JSON text of data objects already written into a frame, until the object is collected. */
const texts = new WeakMap<object, string>();

/**
 * The JSON of a frame's data, made once per object (docs/decisions.md "The message hot path"): a
 * stored message is the push to its recipients' sockets and the answer to its sender, and was
 * serialised for each. `undefined` when the data is (the key is then left out, as JSON.stringify does).
 */
function dataText(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return JSON.stringify(data);
  let text = texts.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    texts.set(data, text);
  }
  return text;
}

/** `,"data":…`, or nothing without data. */
function dataPart(data: unknown): string {
  const text = dataText(data);
  return text === undefined ? '' : `,"data":${text}`;
}

/** A push frame's text: `JSON.stringify({ reqIdentifier, data })`, its data serialised once. */
export function pushFrameText(reqIdentifier: number, data: unknown): string {
  return `{"reqIdentifier":${JSON.stringify(reqIdentifier)}${dataPart(data)}}`;
}

/** An answer frame's text: `JSON.stringify(frame)` with its keys in this order, its data serialised once. */
export function answerFrameText(frame: WsResponse): string {
  return `{"reqIdentifier":${JSON.stringify(frame.reqIdentifier)},"msgIncr":${JSON.stringify(frame.msgIncr)},"operationID":${JSON.stringify(frame.operationID)},"errCode":${JSON.stringify(frame.errCode)},"errMsg":${JSON.stringify(frame.errMsg)}${dataPart(frame.data)}}`;
}
