"use client";

import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { holdingsNow } from "@/lib/splits/editor-allocation";
import { holdingsAfter } from "@/lib/splits/holdings-after";
import { HoldingsList } from "./holdings-list";
import { discardMine, keepMine } from "./stale-choices";
import type { SplitEditorState } from "./use-split-editor";

/**
 * The gift changed elsewhere since the editor opened it: what it was, what it is now, and the
 * admin's edits side by side, and the two ways on. Nothing can be sent until one is chosen.
 */
export function StalePanel({ editor }: { editor: SplitEditorState }) {
  const { stale, form, gift } = editor;
  const lines = useWatch({ control: form.control, name: "lines" });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (stale) heading.current?.focus();
  }, [stale]);
  if (!stale) return null;
  const { opened, now } = stale;
  return (
    <section className="notice notice--warn stale" aria-labelledby="stale-title">
      <h2 id="stale-title" ref={heading} tabIndex={-1}>
        This gift changed since you opened it
      </h2>
      <p>
        Another tab, a bulk allocation or a refresh from the service changed it. Nothing was sent. Compare, then choose
        how to go on.
      </p>
      <div className="stale__columns">
        <div>
          <h3>When you opened it</h3>
          <HoldingsList holdings={holdingsNow(opened)} currency={opened.currency} />
        </div>
        <div>
          <h3>At the service now</h3>
          <HoldingsList holdings={holdingsNow(now.gift)} currency={now.gift.currency} />
        </div>
        <div>
          <h3>Your edits</h3>
          <HoldingsList holdings={holdingsAfter(lines, gift)} currency={gift.currency} />
        </div>
      </div>
      <div className="button-row">
        <Button onClick={() => keepMine(editor)}>Reload and keep my edits</Button>
        <Button variant="secondary" onClick={() => discardMine(editor)}>
          Discard my edits
        </Button>
      </div>
    </section>
  );
}
