"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ApiClientError } from "@/lib/api-client";
import { removeRecipient, saveRecipient } from "@/lib/hooks/notification-calls";
import {
  CHOICE_LABELS,
  CHOICES_FOR,
  DEFAULT_RECIPIENT,
  KIND_LABELS,
  NOTIFICATION_KINDS,
  type Recipient,
  type RecipientInput,
  recipientSchema,
  type RecipientView,
} from "@/lib/notifications/choices";

type Props = {
  /** Absent: the form adds a new address. */
  recipient?: RecipientView;
  onSaved: (saved: RecipientView) => void;
  onRemoved?: (id: string) => void;
};

/** One address and its three choices; the route reads the same schema (recipientSchema). */
export function RecipientForm({ recipient, onSaved, onRemoved }: Props) {
  const prefix = `notify-${recipient?.id ?? "new"}`;
  const [message, setMessage] = useState<{ tone: "ok" | "danger"; text: string } | null>(null);
  const form = useForm<RecipientInput, unknown, Recipient>({
    resolver: zodResolver(recipientSchema),
    defaultValues: recipient ?? DEFAULT_RECIPIENT,
  });
  const { register, handleSubmit, formState, reset } = form;

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = await saveRecipient(recipient?.id, values);
      onSaved(saved);
      if (recipient) {
        reset(saved);
        setMessage({ tone: "ok", text: `Saved the choices for ${saved.email}.` });
      } else reset(DEFAULT_RECIPIENT);
    } catch (error) {
      setMessage({ tone: "danger", text: error instanceof ApiClientError ? error.message : "Something went wrong." });
    }
  });

  const remove = async () => {
    if (!recipient) return;
    setMessage(null);
    try {
      await removeRecipient(recipient.id);
      onRemoved?.(recipient.id);
    } catch (error) {
      setMessage({ tone: "danger", text: error instanceof ApiClientError ? error.message : "Something went wrong." });
    }
  };

  return (
    <form
      className="notify-recipient"
      onSubmit={onSubmit}
      noValidate
      aria-label={recipient ? `Notifications for ${recipient.email}` : "Add an address"}
    >
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <Field id={`${prefix}-email`} label="E-mail address" error={formState.errors.email?.message}>
        {(c) => <input {...c} {...register("email")} type="email" autoComplete="email" maxLength={254} />}
      </Field>
      {NOTIFICATION_KINDS.map((kind) => (
        <fieldset key={kind} className="notify-kind" aria-describedby={`${prefix}-${kind}-hint`}>
          <legend>{KIND_LABELS[kind].title}</legend>
          <p className="field__hint" id={`${prefix}-${kind}-hint`}>
            {KIND_LABELS[kind].hint}
          </p>
          <div className="notify-kind__choices">
            {CHOICES_FOR[kind].map((choice) => (
              <label key={choice} className="checkbox">
                <input type="radio" value={choice} {...register(kind)} />
                {CHOICE_LABELS[choice]}
              </label>
            ))}
          </div>
          {formState.errors[kind] && <p className="field__error">{formState.errors[kind]?.message}</p>}
        </fieldset>
      ))}
      <div className="button-row">
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {recipient ? "Save" : "Add address"}
        </button>
        {recipient && (
          <Button variant="link-danger" onClick={() => void remove()}>
            Remove {recipient.email}
          </Button>
        )}
      </div>
    </form>
  );
}
