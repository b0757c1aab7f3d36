import { formatWhen } from "@/lib/when";

/** A moment in the admin's zone, with UTC on hover. */
export function When({ iso, zone }: { iso: string; zone: string }) {
  const { text, utc } = formatWhen(iso, zone);
  return (
    <time dateTime={iso} title={utc}>
      {text}
    </time>
  );
}
