"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";

type Props = { providerId: string; label?: string; variant?: "primary" | "secondary"; callbackUrl?: string };

/** Starts the OAuth flow (next-auth sets the state and PKCE cookies, then redirects). */
export function ConnectButton({
  providerId,
  label = "Connect",
  variant = "primary",
  callbackUrl = "/transactions",
}: Props) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={variant === "primary" ? "button" : "button button--secondary"}
        disabled={pending}
        onClick={async () => {
          setPending(true);
          setFailed(false);
          try {
            await signIn(providerId, { callbackUrl });
          } catch {
            setFailed(true);
            setPending(false);
          }
        }}
      >
        {pending ? "Opening the sign-in page…" : label}
      </button>
      {failed && (
        <p role="alert" className="small">
          Apportion could not start the sign-in. Check your connection and try again.
        </p>
      )}
    </>
  );
}
