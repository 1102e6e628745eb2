import { Empty } from 'antd-mobile';

/** An empty list: a picture and one line saying what is not there yet. */
export function EmptyState({ text }: { text: string }) {
  return <Empty description={text} style={{ padding: '64px 0' }} />;
}
