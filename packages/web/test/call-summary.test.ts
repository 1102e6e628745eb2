import { describe, expect, it } from 'vitest';
import { CALL_RECORD_CUSTOM_TYPE, ContentType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { callOutcomeText, callSummaryText, formatCallDuration } from '../src/utils/call-summary';
import { summarizeMessage } from '../src/utils/message-summary';
import { translator } from './translate';

const en = translator('en');
const zh = translator('zh-CN');

function summary(outcome: string, duration = 0, mediaType = 'audio'): MessageItem {
  return {
    clientMsgID: 'c1',
    sendID: 'alice',
    recvID: 'bob',
    contentType: ContentType.Custom,
    customElem: {
      data: JSON.stringify({
        customType: CALL_RECORD_CUSTOM_TYPE,
        data: { roomID: 'r', mediaType, outcome, duration },
      }),
      extension: '',
      description: '',
    },
  } as MessageItem;
}

describe('call summary line (docs/product.md#call-flow)', () => {
  it('formats durations as mm:ss, hh:mm:ss past an hour', () => {
    expect(formatCallDuration(0)).toBe('00:00');
    expect(formatCallDuration(134)).toBe('02:14');
    expect(formatCallDuration(3725)).toBe('01:02:05');
  });

  it('says each outcome in both languages, "Missed call" for the callee of an unanswered call', () => {
    expect(callOutcomeText('success', 134, false, en)).toBe('Call duration 02:14');
    expect(callOutcomeText('canceled', 0, false, en)).toBe('Canceled');
    expect(callOutcomeText('canceled', 0, true, en)).toBe('Missed call');
    expect(callOutcomeText('timeout', 0, true, en)).toBe('Missed call');
    expect(callOutcomeText('refused', 0, true, en)).toBe('Refused');
    expect(callOutcomeText('success', 134, false, zh)).toBe('通话时长 02:14');
    expect(callOutcomeText('timeout', 0, true, zh)).toBe('未接来电');
  });

  it('is what the chat and the conversation list show for a 300 message', () => {
    expect(callSummaryText(summary('success', 134, 'video'), 'bob', en)).toBe(
      '[Video call] Call duration 02:14',
    );
    expect(summarizeMessage(summary('timeout'), { selfID: 'bob', t: en })).toBe('[Voice call] Missed call');
    expect(summarizeMessage(summary('timeout'), { selfID: 'alice', t: en })).toBe('[Voice call] No answer');
    expect(summarizeMessage(summary('refused'), { selfID: 'alice', t: zh })).toBe('[语音通话] 已拒绝');
  });

  it('leaves other custom messages to their own label', () => {
    const other = {
      ...summary('success'),
      customElem: { data: '{"customType":1}', extension: '', description: '' },
    };
    expect(summarizeMessage(other, { selfID: 'bob', t: en })).toBe('[Custom message]');
  });
});
