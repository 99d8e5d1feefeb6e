import { Component, type ReactNode, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { ErrorPage } from '../routes/error-page';

/**
 * Where a page is drawn in the site's frame: a spinner while its code loads, the error page if it
 * fails. A failed page is forgotten when the address changes, so the next page gets its chance.
 */
export function PageBoundary({ address, children }: { address: string; children: ReactNode }) {
  return (
    <Failed address={address}>
      <Suspense fallback={<Spinner label="Loading page..." />}>{children}</Suspense>
    </Failed>
  );
}

interface FailedState {
  error?: unknown;
  address: string;
}

class Failed extends Component<{ address: string; children: ReactNode }, FailedState> {
  override state: FailedState = { address: this.props.address };

  static getDerivedStateFromError(error: unknown): Partial<FailedState> {
    return { error: error ?? new Error('Page failed') };
  }

  static getDerivedStateFromProps(
    props: { address: string },
    state: FailedState,
  ): Partial<FailedState> | null {
    return props.address === state.address ? null : { address: props.address, error: undefined };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
