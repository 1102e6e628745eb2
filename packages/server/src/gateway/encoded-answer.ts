/**
 * An answer already serialised as JSON, for a gateway request whose answer the database writes
 * itself (PullMsgs, message/message-json.ts): the socket frames it as it is, so it is never parsed
 * into objects and serialised again. `T` is the answer it stands for (the gateway table's type).
 */
export class EncodedAnswer<T> {
  /** Only a phantom: ties the JSON to the answer type it encodes. */
  declare readonly answer?: T;
  /**
   * The JSON as UTF-8 bytes, in parts that follow one another: each sent as it is, never a JS
   * string on the way, nor copied into one buffer (gateway/shared-frame.ts writeFrameParts).
   */
  readonly parts: readonly Buffer[];

  constructor(parts: readonly Buffer[]) {
    this.parts = parts;
  }
}
