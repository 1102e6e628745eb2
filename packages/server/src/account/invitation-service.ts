import { ErrCode } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';

/**
 * Single-use invitation codes, required at registration only when INVITATION_CODES is configured
 * (20011 unknown or missing, 20010 already used).
 */
export class InvitationService {
  readonly #db: Database;
  readonly #required: boolean;

  constructor(db: Database, required: boolean) {
    this.#db = db;
    this.#required = required;
  }

  /** Adds the configured codes that the database does not have yet. */
  async seed(codes: string[]): Promise<void> {
    for (const code of codes) {
      await this.#db
        .insertInto('invitationCodes')
        .values({ code, usedBy: null, usedTime: 0 })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
  }

  /** An early answer for a code that cannot be used (code/send, register); `claim` decides. */
  async check(code: string | undefined, db: Database = this.#db): Promise<void> {
    if (!this.#required) return;
    const row = code
      ? await db.selectFrom('invitationCodes').selectAll().where('code', '=', code).executeTakeFirst()
      : undefined;
    if (!row) throw new AppError(ErrCode.INVITATION_NOT_FOUND);
    if (row.usedBy) throw new AppError(ErrCode.INVITATION_USED);
  }

  /**
   * Takes the code for the user inside the registration's transaction, with one conditional UPDATE
   * (`… WHERE used_by IS NULL RETURNING`): of concurrent registrations with one code, exactly one
   * takes it, on SQLite and PostgreSQL alike, and the others answer 20010 and add no account.
   */
  async claim(db: Database, code: string | undefined, userID: string): Promise<void> {
    if (!this.#required) return;
    const taken = code
      ? await db
          .updateTable('invitationCodes')
          .set({ usedBy: userID, usedTime: Date.now() })
          .where('code', '=', code)
          .where('usedBy', 'is', null)
          .returning('code')
          .executeTakeFirst()
      : undefined;
    if (!taken) {
      await this.check(code, db);
      throw new AppError(ErrCode.INVITATION_USED);
    }
  }
}
