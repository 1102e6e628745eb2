/**
 * Calls: the invitation carried by the five call signals, the call records, the stored call summary
 * message and the frames of the room service (docs/product.md#call-flow, docs/api.md). Types,
 * constants and hand-written parsers only: the web imports this module at runtime, so it carries no
 * zod (the server's schemas are in call-api.ts).
 */
import { CallSignal, isCallSignal } from './content-types.ts';

export type CallMediaType = 'video' | 'audio';
export type CallSignalType = (typeof CallSignal)[keyof typeof CallSignal];

/** The `data` of every call signal: a copy of the invitation made by the caller. */
export interface CallInvitation {
  /** Made by the caller: crypto.randomUUID(). */
  roomID: string;
  inviterUserID: string;
  /** The first is the callee. */
  inviteeUserIDList: string[];
  mediaType: CallMediaType;
  /** SessionType.Single. */
  sessionType: number;
  /** '' for a one-to-one call. */
  groupID: string;
  /** Seconds; CALL_TIMEOUT_S unless told otherwise. */
  timeout: number;
  /** Milliseconds since the epoch. */
  initiateTime: number;
  /** Set on a Reject sent because the callee was already in a call. */
  busy?: boolean;
}

/** `customElem.data` of a call signal, as a JSON string. */
export interface CallSignalPayload {
  customType: CallSignalType;
  data: CallInvitation;
}

/** How a call ended, as the server records it for both users. */
export type CallOutcome = 'success' | 'canceled' | 'refused' | 'timeout';
export const CALL_OUTCOMES: readonly CallOutcome[] = ['success', 'canceled', 'refused', 'timeout'];

/** customType of the stored call summary message (content type 110) written when a call ends. */
export const CALL_RECORD_CUSTOM_TYPE = 300;

/** `data` of the call summary message; `duration` in seconds (0 unless success). */
export interface CallSummary {
  roomID: string;
  mediaType: CallMediaType;
  outcome: CallOutcome;
  duration: number;
}

/** `customElem.data` of the call summary message, as a JSON string. */
export interface CallSummaryPayload {
  customType: typeof CALL_RECORD_CUSTOM_TYPE;
  data: CallSummary;
}

export type CallRecordFilter = 'all' | 'missed' | 'incoming' | 'outgoing';
export const CALL_RECORD_FILTERS: readonly CallRecordFilter[] = ['all', 'missed', 'incoming', 'outgoing'];
export type CallDirection = 'incoming' | 'outgoing';

/** One call as one user sees it (`POST /api/call/get_records`). Times in ms; 0 when it never happened. */
export interface CallRecord {
  roomID: string;
  inviterUserID: string;
  inviteeUserID: string;
  mediaType: CallMediaType;
  /** When the invite was sent. */
  startTime: number;
  /** When the callee accepted; 0 when the call never connected. */
  connectTime: number;
  endTime: number;
  outcome: CallOutcome;
  /** Seconds connected; 0 unless success. */
  duration: number;
  /** Seen from the user who asks: outgoing when they were the inviter. */
  direction: CallDirection;
  /** The other user's public profile (empty nickname and faceURL when the account is gone). */
  peer: { userID: string; nickname: string; faceURL: string };
}

export interface GetCallRecordsReq {
  filter?: CallRecordFilter;
  pagination?: { pageNumber: number; showNumber: number };
}

export interface GetCallRecordsResp {
  total: number;
  /** Newest first. */
  records: CallRecord[];
}

/** A missed call: incoming, and it ended canceled or timed out (docs/product.md#call-flow). */
export function isMissedCall(record: Pick<CallRecord, 'direction' | 'outcome'>): boolean {
  return record.direction === 'incoming' && (record.outcome === 'canceled' || record.outcome === 'timeout');
}

// ---- Token and room service (docs/api.md) ----

/** Answer of `POST /chat/user/rtc/get_token`. `serverUrl` is the path RTC_PATH, resolved by the sdk
 * against its WebSocket base, as /msg_gateway is. */
export interface RtcTokenResp {
  serverUrl: string;
  token: string;
}

/** The room service's WebSocket path: `GET /rtc?token=<token>`. */
export const RTC_PATH = '/rtc';
/** Lifetime of a room token: it only has to last until the socket is open. */
export const RTC_TOKEN_TTL_S = 60;
/** A room that never connected is ended this long after the invitation's timeout. */
export const CALL_ROOM_GRACE_S = 15;
/** Largest room frame accepted; a bigger one closes the socket with RoomCloseCode.Policy. */
export const ROOM_FRAME_MAX_BYTES = 64 * 1024;

export const RoomCloseCode = {
  /** A bad, oversized or too frequent frame. */
  Policy: 1008,
  /** The room ended (both left, the call ended or the room timed out). */
  RoomClosed: 4000,
} as const;

/** Structurally an RTCIceServer (the protocol package does not use the DOM types). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** Structurally an RTCSessionDescriptionInit. */
export interface RtcDescription {
  type: 'offer' | 'answer' | 'pranswer' | 'rollback';
  sdp?: string;
}

/** Structurally an RTCIceCandidateInit. */
export interface RtcCandidate {
  candidate?: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

/** What a participant hands to the other: a description, a candidate, or null = end of candidates. */
export interface RoomSignalData {
  description?: RtcDescription;
  candidate?: RtcCandidate | null;
}

/** client → server */
export type RoomClientFrame = { type: 'signal'; data: RoomSignalData } | { type: 'leave' };

/** server → client */
export type RoomServerFrame =
  | { type: 'joined'; iceServers: IceServer[]; peers: string[] }
  | { type: 'peer-joined'; userID: string }
  | { type: 'peer-left'; userID: string }
  | { type: 'signal'; from: string; data: RoomSignalData };

// ---- Parsers shared by the sdk and the server ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The invitation when `value` has the invitation's shape, else null. */
export function asCallInvitation(value: unknown): CallInvitation | null {
  if (!isRecord(value)) return null;
  const v = value;
  if (typeof v.roomID !== 'string' || v.roomID.length === 0 || v.roomID.length > 128) return null;
  if (typeof v.inviterUserID !== 'string' || v.inviterUserID.length === 0) return null;
  if (!Array.isArray(v.inviteeUserIDList) || v.inviteeUserIDList.length === 0) return null;
  if (!v.inviteeUserIDList.every((id) => typeof id === 'string' && id.length > 0)) return null;
  if (v.mediaType !== 'video' && v.mediaType !== 'audio') return null;
  if (typeof v.sessionType !== 'number' || typeof v.timeout !== 'number' || !(v.timeout > 0)) return null;
  if (typeof v.initiateTime !== 'number') return null;
  const invitation: CallInvitation = {
    roomID: v.roomID,
    inviterUserID: v.inviterUserID,
    inviteeUserIDList: v.inviteeUserIDList as string[],
    mediaType: v.mediaType,
    sessionType: v.sessionType,
    groupID: typeof v.groupID === 'string' ? v.groupID : '',
    timeout: v.timeout,
    initiateTime: v.initiateTime,
  };
  if (v.busy === true) invitation.busy = true;
  return invitation;
}

/** A call signal from a custom element's `data` string, or null when it is not one. */
export function parseCallSignal(customData: string): CallSignalPayload | null {
  const value = parseJson(customData);
  if (!isRecord(value) || typeof value.customType !== 'number' || !isCallSignal(value.customType))
    return null;
  const data = asCallInvitation(value.data);
  return data ? { customType: value.customType as CallSignalType, data } : null;
}

/** The call summary from a custom element's `data` string, or null when it is not one. */
export function parseCallSummary(customData: string): CallSummary | null {
  const value = parseJson(customData);
  if (!isRecord(value) || value.customType !== CALL_RECORD_CUSTOM_TYPE || !isRecord(value.data)) return null;
  const d = value.data;
  if (typeof d.roomID !== 'string' || (d.mediaType !== 'video' && d.mediaType !== 'audio')) return null;
  if (!CALL_OUTCOMES.includes(d.outcome as CallOutcome) || typeof d.duration !== 'number') return null;
  return {
    roomID: d.roomID,
    mediaType: d.mediaType,
    outcome: d.outcome as CallOutcome,
    duration: d.duration,
  };
}
