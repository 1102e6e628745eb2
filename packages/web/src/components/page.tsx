import type { ReactNode } from 'react';
import { NavHeader } from './nav-header';

interface Props {
  title: ReactNode;
  back?: boolean;
  onBack?: () => void;
  right?: ReactNode;
  /** Padding around the body, for forms; lists run edge to edge. */
  padded?: boolean;
  children?: ReactNode;
}

/** A screen: its header and a body that scrolls by itself. */
export function Page({ title, back, onBack, right, padded, children }: Props) {
  return (
    <div className="page">
      <NavHeader title={title} back={back} onBack={onBack} right={right} />
      <main className={padded ? 'page-body page-body--padded' : 'page-body'}>{children}</main>
    </div>
  );
}
