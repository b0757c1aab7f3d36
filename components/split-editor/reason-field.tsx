"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { MAX_REASON_LENGTH } from "@/lib/splits/schema";

/** Why the change is made, in the admin's words: optional, kept with it in History and its CSV
 *  for whoever asks later ("Donor asked to move it to the building fund, email of 20 Nov"). */
export function ReasonField({ onChange }: { onChange: (reason: string) => void }) {
  const [length, setLength] = useState(0);
  return (
    <Field
      id="change-reason"
      label="Reason (optional)"
      hint={`Kept in History with this change. ${length.toLocaleString("en-US")} of ${MAX_REASON_LENGTH} characters.`}
    >
      {(control) => (
        <textarea
          {...control}
          rows={2}
          maxLength={MAX_REASON_LENGTH}
          placeholder="For example: donor asked to move it to the building fund, email of 20 Nov"
          onChange={(e) => {
            setLength(e.target.value.length);
            onChange(e.target.value);
          }}
        />
      )}
    </Field>
  );
}
