import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { readRefusalHeader, REFUSED_ADDRESS_HEADER } from "@/lib/address-refusal";
import { log } from "@/lib/log";

// Where proxy.ts sends a page address that breaks the one text rule (lib/address-refusal.ts): the
// not-found page (404, with this request's policy), and a log line saying why.
export default async function AddressRefused() {
  const refusal = readRefusalHeader((await headers()).get(REFUSED_ADDRESS_HEADER));
  if (refusal) log.warn("http.address_refused", { path: refusal.path, problem: refusal.problem });
  notFound();
}
