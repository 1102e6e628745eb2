import { createHmac, randomInt } from 'node:crypto';
import { ErrCode, UsedFor, VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODE_TTL_MS } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';

/** `verify` only checks (code/verify); `consume` also uses the code up (register, login, reset). */
export type CodeCheck = 'verify' | 'consume';

/**
 * Verification codes (docs/product.md#validation, docs/decisions.md#accounts): 6 digits, valid 10
 * minutes, single use, at most 5 wrong attempts (then 20008). One live code per account and purpose.
 *
 * - Codes are stored as an HMAC-SHA256 under a key derived from the server's secret: the database
 *   alone does not give them away, and 10^6 guesses cannot be tried against it offline.
 * - A resend makes a new code but keeps the failed-attempt count while the code it replaces was
 *   still live (unused, not expired): resending does not buy more guesses. The count starts again
 *   with the first code sent after the previous one expired or was used.
 * - Every check is one conditional UPDATE (`… WHERE attempts < 5 … RETURNING`), so concurrent
 *   guesses are counted exactly on SQLite and PostgreSQL, and a code is used up by one caller only.
 * - SUPER_CODE (only with ALLOW_SUPER_CODE=1) registers new accounts and does nothing else: it never
 *   logs in and never resets a password (docs/operations.md#secrets-and-codes).
 */
export class CodeService {
  readonly #db: Database;
  readonly #key: Buffer;
  readonly #superCode: string | undefined;

  constructor(db: Database, secret: Uint8Array, superCode: string | undefined) {
    this.#db = db;
    // A key of its own, so that a code's hash is never a value the token signatures could produce.
    this.#key = createHmac('sha256', secret).update('verification codes').digest();
    this.#superCode = superCode;
  }

  #hash(account: string, usedFor: number, code: string): string {
    return createHmac('sha256', this.#key).update(`${account}\u0000${usedFor}\u0000${code}`).digest('hex');
  }

  /** A new code for the account, replacing any earlier one; the caller delivers it. */
  async create(account: string, usedFor: number, now = Date.now()): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = {
      codeHash: this.#hash(account, usedFor, code),
      createTime: now,
      expireTime: now + VERIFY_CODE_TTL_MS,
      used: 0,
    };
    await this.#db
      .insertInto('verifyCodes')
      .values({ account, usedFor, attempts: 0, ...row })
      .onConflict((oc) =>
        oc.columns(['account', 'usedFor']).doUpdateSet((eb) => ({
          ...row,
          // The replaced code's failed attempts stand while it was live.
          attempts: eb
            .case()
            .when(eb.or([eb('verifyCodes.expireTime', '<', now), eb('verifyCodes.used', '=', 1)]))
            .then(0)
            .else(eb.ref('verifyCodes.attempts'))
            .end(),
        })),
      )
      .execute();
    return code;
  }

  /** When the last code for the account was created, or 0. */
  async lastSent(account: string, usedFor: number): Promise<number> {
    const row = await this.#db
      .selectFrom('verifyCodes')
      .select('createTime')
      .where('account', '=', account)
      .where('usedFor', '=', usedFor)
      .executeTakeFirst();
    return row?.createTime ?? 0;
  }

  /**
   * Checks a code: 20006 wrong, 20007 expired, 20008 too many wrong attempts, 20009 already used.
   * `db` is the transaction to consume the code in, when the caller's change must be atomic with it.
   */
  async check(
    account: string,
    usedFor: number,
    code: string,
    mode: CodeCheck,
    db: Database = this.#db,
    now = Date.now(),
  ): Promise<void> {
    if (this.#superCode && usedFor === UsedFor.REGISTER && code === this.#superCode) return;
    const codeHash = this.#hash(account, usedFor, code);
    const live = (eb: ExpressionBuilder<Tables, 'verifyCodes'>) =>
      eb.and([
        eb('account', '=', account),
        eb('usedFor', '=', usedFor),
        eb('used', '=', 0),
        eb('attempts', '<', VERIFY_CODE_MAX_ATTEMPTS),
        eb('expireTime', '>=', now),
      ]);

    const right =
      mode === 'consume'
        ? await db
            .updateTable('verifyCodes')
            .set({ used: 1 })
            .where(live)
            .where('codeHash', '=', codeHash)
            .returning('account')
            .executeTakeFirst()
        : await db
            .selectFrom('verifyCodes')
            .select('account')
            .where(live)
            .where('codeHash', '=', codeHash)
            .executeTakeFirst();
    if (right) return;

    const wrong = await db
      .updateTable('verifyCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where(live)
      .where('codeHash', '<>', codeHash)
      .returning('attempts')
      .executeTakeFirst();
    if (wrong)
      throw new AppError(
        wrong.attempts >= VERIFY_CODE_MAX_ATTEMPTS ? ErrCode.CODE_ATTEMPTS_EXCEEDED : ErrCode.CODE_INCORRECT,
      );
    throw await this.#whyNot(db, account, usedFor, now);
  }

  /** Why no live code took the check (nothing was counted). */
  async #whyNot(db: Database, account: string, usedFor: number, now: number): Promise<AppError> {
    const row = await db
      .selectFrom('verifyCodes')
      .select(['used', 'attempts', 'expireTime'])
      .where('account', '=', account)
      .where('usedFor', '=', usedFor)
      .executeTakeFirst();
    if (!row) return new AppError(ErrCode.CODE_INCORRECT);
    if (row.used) return new AppError(ErrCode.CODE_USED);
    if (row.attempts >= VERIFY_CODE_MAX_ATTEMPTS) return new AppError(ErrCode.CODE_ATTEMPTS_EXCEEDED);
    if (now > row.expireTime) return new AppError(ErrCode.CODE_EXPIRED);
    // Live a moment ago: a concurrent caller used it up.
    return new AppError(ErrCode.CODE_USED);
  }
}
