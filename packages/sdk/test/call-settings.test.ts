import { describe, expect, it } from 'vitest';
import { readCallSettings, roomServiceUrl } from '../src/calls/call-settings.ts';
import { memoryStorage } from '../src/index.ts';

describe('call settings', () => {
  it('keeps the product defaults unless the test-only keys are set', () => {
    expect(readCallSettings(memoryStorage())).toEqual({});
    expect(readCallSettings(memoryStorage({ callIceTransportPolicy: 'relay', callTimeoutS: '4' }))).toEqual({
      iceTransportPolicy: 'relay',
      timeoutS: 4,
    });
    expect(readCallSettings(memoryStorage({ callIceTransportPolicy: 'x', callTimeoutS: '-1' }))).toEqual({});
  });
  it('resolves the room service path against the gateway address', () => {
    expect(roomServiceUrl('/rtc', 'ws://im.example:8080/msg_gateway')).toBe('ws://im.example:8080/rtc');
    expect(roomServiceUrl('wss://other/rtc', 'ws://im.example/msg_gateway')).toBe('wss://other/rtc');
  });
});
