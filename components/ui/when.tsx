import { formatWhen } from "@/lib/when";

/** A moment in the admin's zone, with UTC on hover; `never` stands in when there is none yet. */
export function When({ iso, zone, never }: { iso: string | null; zone: string; never?: string }) {
  if (iso === null) return <span className="muted">{never}</span>;
  const { text, utc } = formatWhen(iso, zone);
  return (
    <time dateTime={iso} title={utc}>
      {text}
    </time>
  );
}
