"use client";

import { memo } from "react";
import { type UseFormReturn, useFormState } from "react-hook-form";
import { formatCents, parsePercent, percentOf, centsToInput } from "@/lib/splits/money";
import type { CampaignOption } from "@/lib/transactions/read";
import type { EditorValues } from "./editor-model";

type Props = {
  index: number;
  lineCents: number | null;
  totalCents: number;
  currency: string;
  existing: boolean;
  canRemove: boolean;
  campaigns: CampaignOption[];
  funds: { name: string; id: string | null }[];
  /** Stable across renders (with the form's methods below), so unchanged rows skip rendering. */
  onRemainder: (index: number) => void;
  onRemove: (index: number) => void;
  form: Pick<
    UseFormReturn<EditorValues, unknown, unknown>,
    "control" | "register" | "setValue" | "setError" | "getValues"
  >;
};

/**
 * One split. Memoised, and subscribed only to its own errors: with 200 rows, a keystroke renders
 * the row it happened in and the sum, not every row (the form context would re-render them all).
 */
export const SplitRow = memo(function SplitRow({
  index,
  lineCents,
  totalCents,
  currency,
  existing,
  canRemove,
  campaigns,
  funds,
  onRemainder,
  onRemove,
  form,
}: Props) {
  const { control, register, setValue, setError, getValues } = form;
  const { errors: formErrors } = useFormState({ control, name: `rows.${index}` });
  const errors = formErrors.rows?.[index];
  const name = (field: keyof EditorValues["rows"][number]) => `rows.${index}.${field}` as const;
  const label = `split ${index + 1}`;

  /** "25%" in the amount field becomes that share of the total. */
  function applyPercent() {
    const text = String(getValues(name("amount")) ?? "");
    const percent = parsePercent(text);
    if (!percent) return;
    if (!percent.ok) {
      setError(name("amount"), { message: percent.error });
      return;
    }
    setValue(name("amount"), centsToInput(percentOf(totalCents, percent.value)), {
      shouldValidate: true,
      shouldDirty: true,
    });
  }

  /**
   * A name decides its id: a known name brings its known id, any other name clears the id, so
   * a renamed split is never filed under the old campaign or fund (the service resolves ids
   * before names). A known campaign also brings its parent when none is set.
   */
  function onCampaignChange(value: string) {
    const known = campaigns.find((c) => c.name === value.trim());
    setValue(name("campaignId"), known?.id ?? "");
    if (known?.parent && !getValues(name("parentCampaign"))) {
      setValue(name("parentCampaign"), known.parent);
      setValue(name("parentCampaignId"), known.parentId ?? "");
    }
  }
  function onParentChange(value: string) {
    setValue(name("parentCampaignId"), campaigns.find((c) => c.name === value.trim())?.id ?? "");
  }
  function onFundChange(value: string) {
    setValue(name("fundId"), funds.find((f) => f.name === value.trim())?.id ?? "");
  }
  const changed = (handler: (value: string) => void) => ({
    onChange: (e: { target: { value: string } }) => handler(e.target.value),
  });

  const amount = register(name("amount"), { onBlur: applyPercent });
  const campaign = register(name("campaign"), changed(onCampaignChange));

  return (
    <fieldset className="split-row" data-testid={`split-row-${index}`}>
      <legend>
        Split {index + 1}
        {existing && <span className="muted small"> · existing</span>}
      </legend>
      <Field id={`amount-${index}`} label="Amount" hint="12.50 or 25%" error={errors?.amount?.message}>
        <input
          id={`amount-${index}`}
          {...describedBy(`amount-${index}`, errors?.amount?.message)}
          inputMode="decimal"
          autoComplete="off"
          aria-label={`Amount, ${label}`}
          {...amount}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              applyPercent();
            }
          }}
        />
      </Field>
      <Field
        id={`quantity-${index}`}
        {...describedBy(`quantity-${index}`, errors?.quantity?.message)}
        label="Quantity"
        error={errors?.quantity?.message}
        narrow
      >
        <input
          id={`quantity-${index}`}
          inputMode="numeric"
          aria-label={`Quantity, ${label}`}
          {...register(name("quantity"))}
        />
      </Field>
      <Field
        id={`campaign-${index}`}
        {...describedBy(`campaign-${index}`, errors?.campaign?.message)}
        label="Campaign"
        hint="Blank: the partner's name"
        error={errors?.campaign?.message}
      >
        <input id={`campaign-${index}`} list="known-campaigns" aria-label={`Campaign, ${label}`} {...campaign} />
      </Field>
      <Field
        id={`parent-${index}`}
        {...describedBy(`parent-${index}`, errors?.parentCampaign?.message)}
        label="Parent campaign"
        hint="Optional"
        error={errors?.parentCampaign?.message}
      >
        <input
          id={`parent-${index}`}
          list="known-campaigns"
          aria-label={`Parent campaign, ${label}`}
          {...register(name("parentCampaign"), changed(onParentChange))}
        />
      </Field>
      <Field
        id={`fund-${index}`}
        {...describedBy(`fund-${index}`, errors?.fund?.message)}
        label="Fund"
        error={errors?.fund?.message}
      >
        <input
          id={`fund-${index}`}
          list="known-funds"
          aria-label={`Fund, ${label}`}
          {...register(name("fund"), changed(onFundChange))}
        />
      </Field>
      <div className="split-row__total">
        <span className="muted small">Line total</span>
        <output aria-label={`Line total, ${label}`}>
          {lineCents === null ? "—" : formatCents(lineCents, currency)}
        </output>
      </div>
      <details className="split-row__ids">
        <summary>Ids</summary>
        <div className="split-row__ids-grid">
          <Field
            id={`campaign-id-${index}`}
            {...describedBy(`campaign-id-${index}`, errors?.campaignId?.message)}
            label="Campaign id"
            error={errors?.campaignId?.message}
          >
            <input id={`campaign-id-${index}`} aria-label={`Campaign id, ${label}`} {...register(name("campaignId"))} />
          </Field>
          <Field
            id={`parent-id-${index}`}
            {...describedBy(`parent-id-${index}`, errors?.parentCampaignId?.message)}
            label="Parent campaign id"
            error={errors?.parentCampaignId?.message}
          >
            <input
              id={`parent-id-${index}`}
              aria-label={`Parent campaign id, ${label}`}
              {...register(name("parentCampaignId"))}
            />
          </Field>
          <Field
            id={`fund-id-${index}`}
            {...describedBy(`fund-id-${index}`, errors?.fundId?.message)}
            label="Fund id"
            error={errors?.fundId?.message}
          >
            <input id={`fund-id-${index}`} aria-label={`Fund id, ${label}`} {...register(name("fundId"))} />
          </Field>
          <p className="small muted">Split id: {getValues(name("splitId"))}</p>
        </div>
      </details>
      <div className="split-row__actions">
        <button type="button" className="button button--link" onClick={() => onRemainder(index)}>
          Put the remainder here<span className="visually-hidden"> ({label})</span>
        </button>
        <button
          type="button"
          className="button button--link button--link-danger"
          onClick={() => onRemove(index)}
          disabled={!canRemove}
        >
          {existing ? "Remove (soft-delete)" : "Remove"}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      {errors?.splitId?.message && (
        <p className="field__error" role="alert">
          {errors.splitId.message}
        </p>
      )}
    </fieldset>
  );
});

function describedBy(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

type FieldProps = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  narrow?: boolean;
  children: React.ReactNode;
};

function Field({ id, label, hint, error, narrow, children }: FieldProps) {
  return (
    <div className={`field${narrow ? " field--narrow" : ""}${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint">{hint}</p>
      ) : null}
    </div>
  );
}
