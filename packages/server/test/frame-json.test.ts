import { describe, expect, it } from 'vitest';
import { answerFrameText, pushFrameText } from '../src/gateway/frame-json.ts';

/**
 * Gateway frames written from their data's JSON made once (docs/decisions.md "The message hot path"):
 * the same text JSON.stringify gives, and one serialisation of a message for its push and its answer.
 */
describe('gateway frame text', () => {
  const echo = { reqIdentifier: 1003, msgIncr: 'm"1\u2028', operationID: 'op\\é', errCode: 0, errMsg: '' };

  it('is the text JSON.stringify makes of the frame, whatever the data', () => {
    const datas = [
      { seq: 3, textElem: { content: 'say "hi" 你好 \n' } },
      [{ a: 1 }, null],
      null,
      undefined,
      'text',
      7,
      {},
    ];
    for (const data of datas) {
      expect(pushFrameText(2001, data)).toBe(JSON.stringify({ reqIdentifier: 2001, data }));
      expect(answerFrameText({ ...echo, data })).toBe(JSON.stringify({ ...echo, data }));
    }
    const failed = { ...echo, errCode: 1001, errMsg: 'bad: "x"' };
    expect(answerFrameText(failed)).toBe(JSON.stringify(failed));
  });

  it('serialises a message once for its push and the answer to its sender', () => {
    let serialised = 0;
    const item = {
      clientMsgID: 'c1',
      toJSON() {
        serialised += 1;
        return { clientMsgID: 'c1' };
      },
    };
    const push = pushFrameText(2001, item);
    const answer = answerFrameText({ ...echo, data: item });
    expect(serialised).toBe(1);
    expect(JSON.parse(push)).toEqual({ reqIdentifier: 2001, data: { clientMsgID: 'c1' } });
    expect(JSON.parse(answer)).toEqual({ ...echo, data: { clientMsgID: 'c1' } });
  });
});
