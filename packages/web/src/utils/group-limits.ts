/**
 * Group text limits as the server validates them (protocol/src/group-api.ts GROUP_NAME_MAX,
 * GROUP_ANNOUNCEMENT_MAX). Mirrored here because that module also holds the zod schemas, which the
 * web bundle must not carry; they belong in protocol's constants.ts.
 */
export const GROUP_NAME_MAX = 64;
export const GROUP_ANNOUNCEMENT_MAX = 5000;
