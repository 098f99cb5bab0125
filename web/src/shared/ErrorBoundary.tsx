import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What broke, for the message ("the page", "the cache view"). */
  what?: string;
}

/** Whatever goes wrong while rendering is shown with a way out, never a blank page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="fatal" role="alert">
        <h2>Something went wrong in {this.props.what ?? 'the page'}.</h2>
        <pre>{error.message}</pre>
        <p>
          <button className="btn" onClick={() => this.setState({ error: null })}>
            Try again
          </button>{' '}
          <a href={location.pathname}>Open the default scenario</a>
        </p>
      </div>
    );
  }
}
