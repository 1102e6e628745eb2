import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentType, ErrCode, MessageStatus } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { FakeGateway } from './support/fake-gateway.ts';
import { errCodeOf, loginClient, sendTexts, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
async function pair() {
  const gateway = new FakeGateway();
  const a = await loginClient(gateway, 'alice');
  const b = await loginClient(gateway, 'bob');
  open.push(a, b);
  await Promise.all([synced(a), synced(b)]);
  return { a, b };
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

const thrown = (fn: () => unknown) => errCodeOf(Promise.resolve().then(fn));

describe('rich messages (im.messages.create*)', () => {
  it('a quote carries its text and a copy of the stored message, and the receiver gets both', async () => {
    const { a, b } = await pair();
    const [original] = await sendTexts(b, 'alice', ['the original']);
    const quote = a.client.messages.createQuoteMessage('my reply', original!);
    expect(quote.contentType).toBe(ContentType.Quote);
    expect(quote.quoteElem?.quoteMessage).toEqual(original);
    expect(quote.quoteElem?.quoteMessage).not.toBe(original); // a copy, not the caller's object
    await a.client.messages.sendMessage({ recvID: 'bob', message: quote });
    await vi.waitFor(() => expect(b.received().map((m) => m.contentType)).toContain(ContentType.Quote));
    const got = b.received().find((m) => m.contentType === ContentType.Quote);
    expect(got?.quoteElem?.text).toBe('my reply');
    expect(got?.quoteElem?.quoteMessage?.clientMsgID).toBe(original!.clientMsgID);
    expect(got?.quoteElem?.quoteMessage?.textElem?.content).toBe('the original');
  });

  it('quotes only stored messages, and a quote of a quote does not nest the older one', async () => {
    const { a } = await pair();
    const unsent = a.client.messages.createTextMessage('not yet');
    expect(await thrown(() => a.client.messages.createQuoteMessage('x', unsent))).toBe(ErrCode.ARGS);
    const [first] = await sendTexts(a, 'bob', ['first']);
    const reply = await a.client.messages.sendMessage({
      recvID: 'bob',
      message: a.client.messages.createQuoteMessage('second', first!),
    });
    const again = a.client.messages.createQuoteMessage('third', reply);
    expect(again.quoteElem?.quoteMessage?.quoteElem).toEqual({ text: 'second' });
  });

  it('a card, a location (name as JSON) and a sticker carry their elements', async () => {
    const { a } = await pair();
    const card = a.client.messages.createCardMessage({ userID: 'bob', nickname: 'Bob', faceURL: '' });
    expect(card).toMatchObject({
      contentType: ContentType.Card,
      status: MessageStatus.Sending,
      sendID: 'alice',
      cardElem: { userID: 'bob', nickname: 'Bob', faceURL: '' },
    });
    const place = a.client.messages.createLocationMessage({ name: 'Home', latitude: 31.2, longitude: 121.5 });
    expect(place.contentType).toBe(ContentType.Location);
    expect(JSON.parse(place.locationElem!.description)).toEqual({ name: 'Home' });
    expect(place.locationElem).toMatchObject({ latitude: 31.2, longitude: 121.5 });
    const face = a.client.messages.createFaceMessage({ index: 2, data: 'smile' });
    expect(face).toMatchObject({ contentType: ContentType.Face, faceElem: { index: 2, data: 'smile' } });
  });

  it('refuses coordinates outside the globe', async () => {
    const { a } = await pair();
    const make = (latitude: number, longitude: number) => () =>
      a.client.messages.createLocationMessage({ name: 'x', latitude, longitude });
    expect(await thrown(make(91, 0))).toBe(ErrCode.ARGS);
    expect(await thrown(make(0, -181))).toBe(ErrCode.ARGS);
    expect(await thrown(make(Number.NaN, 0))).toBe(ErrCode.ARGS);
    expect(await thrown(make(-90, 180))).toBe(0);
  });

  it('a merge has its title, four lines at most and copies of every message, delivered whole', async () => {
    const { a, b } = await pair();
    const stored = await sendTexts(a, 'bob', ['one', 'two', 'three', 'four', 'five']);
    const merged = a.client.messages.createMergerMessage(stored, 'Chat history');
    expect(merged.contentType).toBe(ContentType.Merge);
    expect(merged.mergeElem?.title).toBe('Chat history');
    expect(merged.mergeElem?.abstractList).toEqual([
      'alice: one',
      'alice: two',
      'alice: three',
      'alice: four',
    ]);
    expect(merged.mergeElem?.multiMessage.map((m) => m.textElem?.content)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
    ]);
    const custom = a.client.messages.createMergerMessage(stored.slice(0, 1), 't', (m) => `<${m.seq}>`);
    expect(custom.mergeElem?.abstractList).toEqual(['alice: <1>']);
    await a.client.messages.sendMessage({ recvID: 'bob', message: merged });
    await vi.waitFor(() => expect(b.received().some((m) => m.contentType === ContentType.Merge)).toBe(true));
    const got = b.received().find((m) => m.contentType === ContentType.Merge);
    expect(got?.mergeElem?.multiMessage).toHaveLength(5);
    // Merging a merge keeps only its title and lines, as the server stores copies.
    const again = a.client.messages.createMergerMessage([got!], 'Again');
    expect(again.mergeElem?.multiMessage[0]?.mergeElem).toEqual({
      title: 'Chat history',
      abstractList: merged.mergeElem?.abstractList,
      multiMessage: [],
    });
  });

  it('refuses an empty merge, more than 100 messages and unsent ones', async () => {
    const { a } = await pair();
    const [one] = await sendTexts(a, 'bob', ['one']);
    expect(await thrown(() => a.client.messages.createMergerMessage([], 't'))).toBe(ErrCode.ARGS);
    const many = Array.from({ length: 101 }, () => one!);
    expect(await thrown(() => a.client.messages.createMergerMessage(many, 't'))).toBe(ErrCode.ARGS);
    const unsent = a.client.messages.createTextMessage('x');
    expect(await thrown(() => a.client.messages.createMergerMessage([one!, unsent], 't'))).toBe(ErrCode.ARGS);
  });

  it('a forward is the same content under a new clientMsgID from the forwarder', async () => {
    const { a, b } = await pair();
    const [original] = await sendTexts(b, 'alice', ['pass it on']);
    const forward = a.client.messages.createForwardMessage(original!);
    expect(forward.clientMsgID).not.toBe(original!.clientMsgID);
    expect(forward).toMatchObject({
      contentType: ContentType.Text,
      textElem: { content: 'pass it on' },
      sendID: 'alice',
      seq: 0,
      status: MessageStatus.Sending,
    });
    const card = a.client.messages.createCardMessage({ userID: 'c', nickname: 'C', faceURL: '' });
    const cardForward = a.client.messages.createForwardMessage(card);
    expect(cardForward.cardElem).toEqual(card.cardElem);
    expect(cardForward.cardElem).not.toBe(card.cardElem);
    const notice = { ...original!, contentType: ContentType.Revoke, notificationElem: { detail: '{}' } };
    expect(await thrown(() => a.client.messages.createForwardMessage(notice as MessageItem))).toBe(
      ErrCode.ARGS,
    );
  });

  it('needs a login', async () => {
    const { a } = await pair();
    await a.client.logout();
    expect(await thrown(() => a.client.messages.createFaceMessage({ index: 0, data: 'smile' }))).not.toBe(0);
  });
});
