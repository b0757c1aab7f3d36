import Link from "next/link";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p className="card" role="status">
        There is no page at this address. <Link href="/transactions">Go to the gifts</Link> or{" "}
        <Link href="/">to the start</Link>.
      </p>
    </>
  );
}
