import Link from "next/link";
import { NOT_KNOWN_MESSAGE } from "@/lib/transactions/not-copied";

export const metadata = { title: "Gift not found" };

/** A gift id nothing here ever named (or another organization's): said plainly, with a way back. */
export default function GiftNotFound() {
  return (
    <>
      <p className="small">
        <Link href="/transactions">← Gifts</Link>
      </p>
      <h1>Gift not found</h1>
      <p className="card" role="status">
        {NOT_KNOWN_MESSAGE} Search the gifts list by the donor&apos;s name, the gift&apos;s id or its amount.
      </p>
    </>
  );
}
