"use client";

import type { signIn } from "next-auth/react";
import { useState } from "react";

type Props = {
  providerId: string;
  label?: string;
  variant?: "primary" | "secondary";
  /** Where the admin lands once connected; `"here"`: the page they are on (Reconnect). */
  callbackUrl?: string;
};

// next-auth's client (about 9 kB of gzip with its Babel helpers) is needed only once the admin
// presses the button, and this button sits in the layout of every page: it is fetched on
// pointer-over or focus (so it is usually there by the click) and awaited by the click.
let nextAuthClient: Promise<{ signIn: typeof signIn }> | undefined;
function loadNextAuthClient() {
  nextAuthClient ??= import("next-auth/react").catch((error: unknown) => {
    nextAuthClient = undefined; // a failed fetch is tried again on the next press
    throw error;
  });
  return nextAuthClient;
}
const preload = () => void loadNextAuthClient().catch(() => {});

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
        onPointerEnter={preload}
        onFocus={preload}
        onClick={async () => {
          setPending(true);
          setFailed(false);
          try {
            const client = await loadNextAuthClient();
            await client.signIn(providerId, {
              callbackUrl: callbackUrl === "here" ? window.location.pathname + window.location.search : callbackUrl,
            });
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
