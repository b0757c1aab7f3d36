import type { ReactNode } from "react";
import { Notice } from "./notice";

type Props = {
  pending: boolean;
  error: Error | null;
  /** What is loading, in words: "Loading transactions…". */
  loading: string;
  empty?: ReactNode;
  isEmpty?: boolean;
  children: ReactNode;
};

/** The three states every loaded list has before its content: loading, failed, empty. */
export function AsyncState({ pending, error, loading, empty, isEmpty, children }: Props) {
  if (error) return <Notice tone="danger">{error.message}</Notice>;
  if (pending) {
    return (
      <p className="card" role="status">
        {loading}
      </p>
    );
  }
  if (isEmpty && empty) return <div className="card empty">{empty}</div>;
  return children;
}
