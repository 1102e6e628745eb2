/** A page of a list: offset 0 and count 1000 when not given. */
export interface PageParams {
  offset?: number;
  count?: number;
}

/** Reads the page of `count` items from `offset` on. */
export type ReadPage<T> = (offset: number, count: number) => Promise<T[]>;

/** Reads every page of a list: a page shorter than asked is the last (docs/product.md#contacts-updates). */
export async function allPages<T>(
  read: ReadPage<T>,
  firstCount: number,
  nextCount = firstCount,
): Promise<T[]> {
  const out: T[] = [];
  for (let count = firstCount; ; count = nextCount) {
    const page = await read(out.length, count);
    out.push(...page);
    if (page.length < count) return out;
  }
}

/** The page asked for, or the whole list (read `pageSize` at a time) when no page is given. */
export function pageOrAll<T>(
  read: ReadPage<T>,
  page: PageParams | undefined,
  pageSize: number,
): Promise<T[]> {
  return page ? read(page.offset ?? 0, page.count ?? pageSize) : allPages(read, pageSize);
}
