import { ContentType, ErrCode } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { referencedUploads } from '../src/file/upload-references.ts';
import { AppError } from '../src/http/app-error.ts';
import { parse } from '../src/http/validate.ts';

/**
 * The two walks every send makes over its input and its stored message (docs/decisions.md "The
 * message hot path"): the NUL check before any schema, and the uploads a message refers to.
 */
const NAME_A = `${'a'.repeat(32)}.jpg`;
const NAME_B = `${'b'.repeat(32)}.png`;

function message(elements: Partial<MessageItem>): MessageItem {
  return { contentType: ContentType.Picture, sendID: 'u1', recvID: 'u2', ...elements } as MessageItem;
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the NUL check before a schema', () => {
  const schema = z.object({ data: z.unknown() });

  it('refuses a NUL in a nested value and in a nested key with 1001, naming the cause', () => {
    for (const input of [
      { data: { content: { text: ['ok', 'not\u0000ok'] } } },
      { data: { content: { ['key\u0000']: 'value' } } },
    ]) {
      const error = refusal(() => parse(schema, input));
      expect(error.errCode).toBe(ErrCode.ARGS);
      expect(error.errDlt).toBe('a string holds a NUL character');
    }
  });

  it('lets clean input through to its schema, inherited keys aside', () => {
    const inherited = Object.create({ ['key\u0000']: 'not its own' }) as Record<string, unknown>;
    inherited.own = 'fine';
    expect(parse(schema, { data: { content: 'plain', list: [1, { deep: 'text' }] } })).toEqual({
      data: { content: 'plain', list: [1, { deep: 'text' }] },
    });
    expect(parse(schema, { data: inherited }).data).toBe(inherited);
  });
});

describe('the uploads a stored message refers to', () => {
  it('finds none in a text of words, answering one shared empty list; a bare object path counts', () => {
    const words = (content: string) => message({ contentType: ContentType.Text, textElem: { content } });
    expect(referencedUploads(words('hello'))).toEqual([]);
    // Nothing is made for a message that refers to nothing: every such message gets the same list.
    expect(referencedUploads(words('hello'))).toBe(referencedUploads(words('bye')));
    // A text whose whole content is an object path counts as a reference, as before.
    expect(referencedUploads(words(`/api/object/${NAME_A}`))).toEqual([NAME_A]);
  });

  it('finds each name once in any element, nested copies (a quote of a picture) included', () => {
    const picture = {
      sourcePicture: { url: `/api/object/${NAME_A}` },
      snapshotPicture: { url: `/api/object/${NAME_B}` },
      bigPicture: { url: `/api/object/${NAME_A}` },
    };
    const quote = message({
      contentType: ContentType.Quote,
      quoteElem: { text: 'look', quoteMessage: message({ pictureElem: picture }) },
    } as Partial<MessageItem>);
    expect(referencedUploads(message({ pictureElem: picture } as Partial<MessageItem>)).toSorted()).toEqual(
      [NAME_A, NAME_B].toSorted(),
    );
    expect(referencedUploads(quote).toSorted()).toEqual([NAME_A, NAME_B].toSorted());
  });

  it('ignores a path inside longer text, other fields than elements, and depths past eight', () => {
    let deep: unknown = `/api/object/${NAME_A}`;
    for (let depth = 0; depth < 10; depth += 1) deep = { next: deep };
    expect(
      referencedUploads(
        message({
          textElem: { content: `see /api/object/${NAME_A}` },
          ex: `/api/object/${NAME_B}`,
          customElem: deep,
        } as Partial<MessageItem>),
      ),
    ).toEqual([]);
  });
});
