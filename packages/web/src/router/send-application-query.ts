import { parseJsonBoolean } from '../utils/base-data';

/**
 * The /sendApplication query (docs/product.md#routes): isGroup, sourceID, isScan and
 * notNeedVerification as JSON booleans, sessionType as a number. sourceID is the user (or group)
 * applied to.
 */
export interface SendApplicationQuery {
  isGroup: boolean;
  sourceID: string;
  isScan?: boolean;
  notNeedVerification?: boolean;
  sessionType?: number;
}

export function parseSendApplicationQuery(params: URLSearchParams): SendApplicationQuery {
  const sessionType = Number(params.get('sessionType'));
  return {
    isGroup: parseJsonBoolean(params.get('isGroup')),
    sourceID: params.get('sourceID') ?? '',
    isScan: parseJsonBoolean(params.get('isScan')),
    notNeedVerification: parseJsonBoolean(params.get('notNeedVerification')),
    sessionType: Number.isFinite(sessionType) && sessionType > 0 ? sessionType : undefined,
  };
}
