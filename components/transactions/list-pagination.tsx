"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { formatCount } from "@/lib/splits/format-total";
import { parsePageNumber } from "@/lib/transactions/page-number";

type Props = {
  page: number;
  pages: number;
  /** A page asked for is on its way: the buttons say so rather than look idle. */
  loading: boolean;
  onPage: (page: number) => void;
};

/** First, Previous, Next and Last, and a page number to jump to (8,001 pages at 200,000 gifts). */
export function ListPagination({ page, pages, loading, onPage }: Props) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <nav className="pagination" aria-label="Pages" aria-busy={loading}>
      <div className="pagination__steps">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </Button>
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span aria-current="page" className="pagination__where">
          Page {formatCount(page)} of {formatCount(pages)}
        </span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(pages)}>
          Last
        </Button>
      </div>
      <form
        className="pagination__jump"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = parsePageNumber(text, pages);
          if (!parsed.ok) return setError(parsed.error);
          setError(undefined);
          setText("");
          onPage(parsed.value);
        }}
      >
        <Field id="jump-page" label="Go to page" error={error} className="field--narrow">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </form>
      <span className="muted small pagination__loading" role="status">
        {loading ? "Loading the page…" : ""}
      </span>
    </nav>
  );
}
