/** A range of seqs of one conversation, both ends included (the PullMsgs request's range). */
export interface SeqRange {
  conversationID: string;
  begin: number;
  end: number;
}

export const DEFAULT_PULL_PAGE_SIZE = 100;
/** The gateway accepts at most this many ranges in one PullMsgs request (pullMsgsSchema). */
export const MAX_RANGES_PER_PULL = 100;

/**
 * Packs the missing ranges into pull requests of at most `pageSize` seqs each, oldest first per
 * conversation. A long gap is split over several pages; short gaps of many conversations share one.
 */
export function planPulls(gaps: SeqRange[], pageSize = DEFAULT_PULL_PAGE_SIZE): SeqRange[][] {
  const pages: SeqRange[][] = [];
  let page: SeqRange[] = [];
  let room = pageSize;
  const flush = () => {
    if (page.length) pages.push(page);
    page = [];
    room = pageSize;
  };
  for (const gap of gaps) {
    let begin = gap.begin;
    while (begin <= gap.end) {
      const end = Math.min(gap.end, begin + room - 1);
      page.push({ conversationID: gap.conversationID, begin, end });
      room -= end - begin + 1;
      begin = end + 1;
      if (room === 0 || page.length === MAX_RANGES_PER_PULL) flush();
    }
  }
  flush();
  return pages;
}

/** How many seqs a set of ranges covers. */
export function rangeSize(ranges: SeqRange[]): number {
  return ranges.reduce((sum, r) => sum + (r.end - r.begin + 1), 0);
}
