import { sql } from 'kysely';
import { knownUnique } from '../push/push.ts';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';

/** What a send is decided on for its sender (docs/decisions.md#groups: member mute, @all). */
export interface MemberFacts {
  roleLevel: number;
  muteEndTime: number;
}

/** A group's members as of one member version (migration 0017). */
export interface GroupMemberList {
  version: number;
  /** Every member's user ID, each once; frozen, since every push of the group shares it (push.ts). */
  ids: readonly string[];
  /** Per member, the facts their own sends are decided on. */
  facts: ReadonlyMap<string, MemberFacts>;
}

/** Members kept across all groups: ~100 bytes each, so ~100 MB at most. */
const MAX_MEMBERS = 1_000_000;
/**
 * A kept list is read again after this long whatever its version: the bound for writes that did not
 * bump it (a node of an older release during a rolling upgrade, a hand-made fix in the database).
 */
const TTL_MS = 30_000;

/**
 * The member list and version in one statement, so both come from one snapshot on SQLite and
 * PostgreSQL. Without the camel-case plugin: its object per row was a third of the read for a
 * 10,000-member group. No row: the group has no member (or is missing), and there is no version.
 */
async function readMemberList(db: Database, groupID: string): Promise<GroupMemberList | undefined> {
  const { rows } = await runCompiled<{
    user_id: string;
    role_level: number;
    mute_end_time: number | string;
    member_version: number | string;
  }>(
    db.withoutPlugins(),
    'group-member-list',
    () => sql`
      SELECT gm.user_id, gm.role_level, gm.mute_end_time, g.member_version
      FROM groups g JOIN group_members gm ON gm.group_id = g.group_id
      WHERE g.group_id = ${groupID}`,
    [groupID],
  );
  if (rows.length === 0) return undefined;
  const facts = new Map<string, MemberFacts>();
  for (const row of rows)
    facts.set(row.user_id, { roleLevel: Number(row.role_level), muteEndTime: Number(row.mute_end_time) });
  const version = Number(rows[0].member_version);
  return { version, ids: knownUnique([...facts.keys()], facts, { groupID, version }), facts };
}

/**
 * Group member lists kept per group (docs/decisions.md#group-fan-out), so that a send reads the group
 * row but not its thousands of member rows. The version the send reads with the group row decides:
 * a kept list of another version is read again. Every write of member rows bumps the version in its
 * transaction (member-queries.ts), so once a membership change has committed no node uses the list
 * from before it, with no event to lose between nodes. Bounded by the members kept (the least
 * recently used groups go first) and by TTL_MS.
 */
export class GroupMemberCache {
  readonly #db: Database;
  readonly #maxMembers: number;
  readonly #ttlMs: number;
  /** In order of use, the latest last. */
  readonly #lists = new Map<string, { list: GroupMemberList; until: number }>();
  #members = 0;
  /** One read per group at a time: a burst of sends after a change shares it. */
  readonly #reading = new Map<string, Promise<GroupMemberList | undefined>>();

  constructor(db: Database, maxMembers = MAX_MEMBERS, ttlMs = TTL_MS) {
    this.#db = db;
    this.#maxMembers = maxMembers;
    this.#ttlMs = ttlMs;
  }

  /** The group's members as of `version` or later (the version read with the group row); none: no member. */
  async get(groupID: string, version: number, now = Date.now()): Promise<GroupMemberList | undefined> {
    const kept = this.#lists.get(groupID);
    if (kept && kept.list.version >= version && kept.until > now) {
      this.#lists.delete(groupID);
      this.#lists.set(groupID, kept);
      return kept.list;
    }
    const shared = await this.#read(groupID);
    // A read started before the change committed may answer the older list: read again.
    if (shared && shared.version < version) return this.#read(groupID, true);
    return shared;
  }

  /** How many groups are kept (tests). */
  get size(): number {
    return this.#lists.size;
  }

  #read(groupID: string, fresh = false): Promise<GroupMemberList | undefined> {
    const pending = fresh ? undefined : this.#reading.get(groupID);
    if (pending) return pending;
    const reading: Promise<GroupMemberList | undefined> = readMemberList(this.#db, groupID)
      .then((list) => {
        if (list) this.#keep(groupID, list);
        return list;
      })
      .finally(() => {
        if (this.#reading.get(groupID) === reading) this.#reading.delete(groupID);
      });
    this.#reading.set(groupID, reading);
    return reading;
  }

  #keep(groupID: string, list: GroupMemberList): void {
    const kept = this.#lists.get(groupID);
    // An older read finishing after a newer one: the newer stays.
    if (kept && kept.list.version > list.version) return;
    if (kept) this.#drop(groupID, kept.list);
    if (list.ids.length > this.#maxMembers) return;
    this.#lists.set(groupID, { list, until: Date.now() + this.#ttlMs });
    this.#members += list.ids.length;
    for (const [oldest, old] of this.#lists) {
      if (this.#members <= this.#maxMembers) break;
      this.#drop(oldest, old.list);
    }
  }

  #drop(groupID: string, list: GroupMemberList): void {
    this.#lists.delete(groupID);
    this.#members -= list.ids.length;
  }
}
