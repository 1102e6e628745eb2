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

  async check(code: string | undefined): Promise<void> {
    if (!this.#required) return;
    const row = code
      ? await this.#db.selectFrom('invitationCodes').selectAll().where('code', '=', code).executeTakeFirst()
      : undefined;
    if (!row) throw new AppError(ErrCode.INVITATION_NOT_FOUND);
    if (row.usedBy) throw new AppError(ErrCode.INVITATION_USED);
  }

  async use(code: string | undefined, userID: string): Promise<void> {
    if (!this.#required || !code) return;
    await this.#db
      .updateTable('invitationCodes')
      .set({ usedBy: userID, usedTime: Date.now() })
      .where('code', '=', code)
      .execute();
  }
}
