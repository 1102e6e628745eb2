/** The answer of every HTTP call (docs/product.md#server-calls): errCode 0 is success. */
export interface Envelope<T = unknown> {
  errCode: number;
  errMsg: string;
  errDlt?: string;
  data?: T;
}

/** Request headers every call carries. */
export const Header = {
  operationID: 'operationID',
  token: 'token',
} as const;
