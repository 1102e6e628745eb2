import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** A change of this value (the path) clears the error, so moving on leaves a broken screen behind. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * Render errors are logged and swallowed (docs/product.md#shell-behaviour): the screen stays blank
 * instead of a stack trace.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.error ? null : this.props.children;
  }
}
