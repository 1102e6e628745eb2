import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { List } from 'antd-mobile';

interface RowProps {
  prefix?: ReactNode;
  /** Shown on the right (a current value); not part of the row's accessible name. */
  extra?: ReactNode;
  /** A second line under the title (a message, a hint); not part of the row's accessible name. */
  description?: ReactNode;
  children: ReactNode;
}

/**
 * antd-mobile's clickable List.Item is an <a> without href, which is neither a link nor a button
 * to assistive technology; these rows hold a real one, stretched over the whole row.
 */
export function LinkItem({ to, prefix, extra, description, children }: RowProps & { to: string }) {
  return (
    <List.Item className="stretched-item" prefix={prefix} extra={extra} description={description} arrow>
      <Link className="stretched-link" to={to}>
        {children}
      </Link>
    </List.Item>
  );
}

export function ButtonItem({
  onClick,
  prefix,
  extra,
  description,
  children,
}: RowProps & { onClick: () => void }) {
  return (
    <List.Item className="stretched-item" prefix={prefix} extra={extra} description={description} arrow>
      <button type="button" className="stretched-link" onClick={onClick}>
        {children}
      </button>
    </List.Item>
  );
}
