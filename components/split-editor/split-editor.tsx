"use client";

import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { type Resolver, useFieldArray, useForm, useWatch } from "react-hook-form";
import { ApiClientError } from "@/lib/api-client";
import { useSubmitAllocation } from "@/lib/hooks/use-submit-allocation";
import { matchByFor, nextSplitId, transactionRefFor } from "@/lib/imports/rows";
import { allocatedCents, remainderFor, splitEvenly } from "@/lib/splits/allocate";
import { centsToInput, formatCents } from "@/lib/splits/money";
import type { Allocation } from "@/lib/splits/schema";
import { MAX_ROWS_PER_TRANSACTION, sumProblem } from "@/lib/splits/sum";
import type { CampaignOption, TransactionView } from "@/lib/transactions/read";
import { uuidv4 } from "@/lib/uuid";
import { blankRow, contributions, type EditorValues, initialValues, rowFromSplit } from "./editor-model";
import { ImportPreview } from "./import-preview";
import { SplitRow } from "./split-row";
import { SumIndicator } from "./sum-indicator";

// Validation runs the server's schema (zod) in a chunk of its own, fetched when the admin first
// focuses a field (and awaited by the first validation if that is sooner), not on page load.
let resolverChunk: Promise<Resolver<EditorValues, unknown, Allocation>> | undefined;
function loadResolver() {
  resolverChunk ??= import("./allocation-resolver").then(
    (m) => m.allocationResolver,
    (error: unknown) => {
      resolverChunk = undefined; // a failed fetch is tried again on the next validation
      throw error;
    },
  );
  return resolverChunk;
}
const resolver: Resolver<EditorValues, unknown, Allocation> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

type Props = {
  transaction: TransactionView;
  /** Every split id the app has seen for this transaction, removed ones included. */
  takenSplitIds: string[];
  campaigns: CampaignOption[];
  funds: { name: string; id: string | null }[];
};

export function SplitEditor({ transaction, takenSplitIds, campaigns, funds }: Props) {
  const router = useRouter();
  const ref = transactionRefFor(transaction);
  const [idempotencyKey] = useState(uuidv4);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<EditorValues, unknown, Allocation>({
    resolver,
    defaultValues: initialValues(transaction, nextSplitId(ref, takenSplitIds)),
    mode: "onTouched",
  });
  const { control, handleSubmit, setValue, getValues, setError, formState } = form;
  const rows = useFieldArray({ control, name: "rows", keyName: "key" });
  const watchedRows = useWatch({ control, name: "rows" });
  const values = useWatch({ control }) as EditorValues;
  const submit = useSubmitAllocation();

  const parts = contributions(watchedRows);
  const allocated = allocatedCents(parts);
  const problem = sumProblem(allocated, transaction.amountCents, transaction.currency);
  const existingIds = useMemo(() => new Set(transaction.splits.map((s) => s.splitId)), [transaction.splits]);
  const rowForm = useMemo(
    () => ({ control, register: form.register, setValue, setError, getValues }),
    [control, form.register, setValue, setError, getValues],
  );
  const removedIds = values.removedSplitIds ?? [];

  function freshSplitId() {
    return nextSplitId(ref, [...takenSplitIds, ...getValues("rows").map((r) => r.splitId)]);
  }

  function addRow() {
    const remaining = transaction.amountCents - allocated;
    rows.append(blankRow(freshSplitId(), remaining > 0 ? remaining : null), { shouldFocus: true });
  }

  function splitEvenlyAcross() {
    const count = getValues("rows").length;
    const amounts = splitEvenly(transaction.amountCents, count);
    if (amounts.some((a) => a === 0)) {
      setNotice(
        `${formatCents(transaction.amountCents, transaction.currency)} cannot be split into ${count} non-zero amounts.`,
      );
      return;
    }
    amounts.forEach((cents, i) => {
      setValue(`rows.${i}.amount`, centsToInput(cents), { shouldValidate: true, shouldDirty: true });
      setValue(`rows.${i}.quantity`, "1", { shouldValidate: true });
    });
    setNotice(`Split evenly into ${count} rows; leftover cents go to the first rows.`);
  }

  const putRemainder = useCallback(
    (index: number) => {
      const target = remainderFor(transaction.amountCents, contributions(getValues("rows")), index);
      if (target <= 0) {
        setError(`rows.${index}.amount`, { message: "Nothing is left to allocate to this split." });
        return;
      }
      setValue(`rows.${index}.amount`, centsToInput(target), { shouldValidate: true, shouldDirty: true });
      setValue(`rows.${index}.quantity`, "1", { shouldValidate: true });
    },
    [transaction.amountCents, getValues, setError, setValue],
  );

  const { remove } = rows;
  const removeRow = useCallback(
    (index: number) => {
      const splitId = getValues(`rows.${index}.splitId`);
      if (existingIds.has(splitId)) setValue("removedSplitIds", [...getValues("removedSplitIds"), splitId]);
      remove(index);
    },
    [existingIds, getValues, setValue, remove],
  );

  function undoRemove(splitId: string) {
    const split = transaction.splits.find((s) => s.splitId === splitId);
    setValue(
      "removedSplitIds",
      getValues("removedSplitIds").filter((id) => id !== splitId),
    );
    if (split) rows.append(rowFromSplit(split));
  }

  const onSubmit = handleSubmit(async () => {
    setNotice(null);
    try {
      const answer = await submit.mutateAsync({ idempotencyKey, allocations: [getValues()] });
      router.push(`/history/${answer.submissionId}`);
    } catch (error) {
      // The form keeps everything that was typed; field errors go next to their fields.
      if (error instanceof ApiClientError) {
        for (const [path, messages] of Object.entries(error.fields)) {
          const field = path.replace(/^allocations\.0\./, "");
          setError((field === "_" ? "root" : field) as "root", { message: messages[0] });
        }
      }
    }
  });

  // Errors with no input of their own (the server's word on the total or on removed splits).
  const rowsError =
    formState.errors.rows?.root?.message ??
    formState.errors.rows?.message ??
    formState.errors.totalCents?.message ??
    formState.errors.removedSplitIds?.message ??
    (Array.isArray(formState.errors.removedSplitIds)
      ? formState.errors.removedSplitIds.find(Boolean)?.message
      : undefined);
  const canSubmit = !problem && !submit.isPending && !submit.isSuccess;

  return (
    <>
      <form
        onSubmit={onSubmit}
        onFocus={() => void loadResolver().catch(() => {})}
        noValidate
        aria-describedby="editor-help"
      >
        <p id="editor-help" className="muted small">
          {transaction.externalId
            ? `Sent by external id ${transaction.externalId} (match_by id).`
            : `This transaction was created in the service and has no external id, so it is matched by its transaction id ${transaction.transactionId} (match_by transaction_id).`}{" "}
          Each split is amount × quantity; together they must equal the total.
        </p>
        <datalist id="known-campaigns">
          {campaigns.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
        <datalist id="known-funds">
          {funds.map((f) => (
            <option key={f.name} value={f.name} />
          ))}
        </datalist>

        <SumIndicator allocatedCents={allocated} totalCents={transaction.amountCents} currency={transaction.currency} />

        <div className="button-row editor-tools">
          <button
            type="button"
            className="button button--secondary"
            onClick={addRow}
            disabled={rows.fields.length >= MAX_ROWS_PER_TRANSACTION}
          >
            Add split
          </button>
          <button type="button" className="button button--secondary" onClick={splitEvenlyAcross}>
            Split evenly
          </button>
        </div>
        {notice && (
          <p className="small muted" role="status">
            {notice}
          </p>
        )}

        {rows.fields.map((field, index) => (
          <SplitRow
            key={field.key}
            index={index}
            lineCents={
              parts[index]?.cents != null && parts[index]?.quantity != null
                ? parts[index].cents * parts[index].quantity
                : null
            }
            totalCents={transaction.amountCents}
            currency={transaction.currency}
            existing={existingIds.has(field.splitId)}
            canRemove={rows.fields.length > 1}
            campaigns={campaigns}
            funds={funds}
            onRemainder={putRemainder}
            onRemove={removeRow}
            form={rowForm}
          />
        ))}

        {removedIds.length > 0 && (
          <section className="removed" aria-labelledby="removed-title">
            <h2 id="removed-title">Splits to remove</h2>
            <p className="small muted">
              These existing splits are sent with deleted_at, which soft-deletes them at the service.
            </p>
            <ul>
              {removedIds.map((splitId) => (
                <li key={splitId}>
                  {splitId}{" "}
                  <button type="button" className="button button--link" onClick={() => undoRemove(splitId)}>
                    Undo<span className="visually-hidden"> removing {splitId}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}

        <ImportPreview transaction={transaction} values={values} />

        {(rowsError || formState.errors.root?.message) && (
          <p className="notice notice--danger" role="alert">
            {formState.errors.root?.message ?? rowsError}
          </p>
        )}
        {submit.error && (
          <p className="notice notice--danger" role="alert">
            {submit.error.message} Your splits are still here.
          </p>
        )}
        <div className="submit-bar">
          <button type="submit" className="button" disabled={!canSubmit} aria-describedby="submit-help">
            {submit.isPending || submit.isSuccess ? "Submitting…" : "Submit to the service"}
          </button>
          <p id="submit-help" className="small" role="status">
            {problem
              ? `Submit is available once the splits match the total. ${problem}`
              : `Ready: ${matchByFor(transaction) === "id" ? "matched by external id" : "matched by transaction id"}.`}
          </p>
        </div>
      </form>
    </>
  );
}
