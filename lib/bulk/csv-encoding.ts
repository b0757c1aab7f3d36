// Which encoding an uploaded CSV is in: a spreadsheet saved as "CSV" on
// Windows is often Windows-1252, and read as UTF-8 "Fünd Ärger" became "F\uFFFDnd \uFFFDrger".
// A byte-order mark decides first (UTF-8, UTF-16 LE/BE); then a sample that is valid UTF-8 is
// UTF-8; otherwise chardet (a well-kept statistical detector, browser-safe) names the encoding,
// which is read when it is a single-byte one the browser's decoder knows, and refused by name
// when it is not.
import { analyse } from "chardet";

/** How much of the file the detection reads. */
export const ENCODING_SAMPLE_BYTES = 64 * 1024;

export type CsvEncoding =
  { ok: true; encoding: "utf-8" | "utf-16le" | "utf-16be" | LegacyEncoding } | { ok: false; error: string };

/** Single-byte encodings chardet can name and TextDecoder can read (WHATWG labels). */
const LEGACY = {
  "ISO-8859-1": "windows-1252", // the WHATWG decoder reads ISO-8859-1 as its superset windows-1252
  "windows-1252": "windows-1252",
  "ISO-8859-2": "iso-8859-2",
  "windows-1250": "windows-1250",
  "ISO-8859-5": "iso-8859-5",
  "windows-1251": "windows-1251",
  "KOI8-R": "koi8-r",
  "ISO-8859-7": "iso-8859-7",
  "windows-1253": "windows-1253",
  "ISO-8859-9": "windows-1254",
  "windows-1254": "windows-1254",
} as const;
type LegacyEncoding = (typeof LEGACY)[keyof typeof LEGACY];

const SAVE_AS_UTF8 = 'Save it as "CSV UTF-8" and upload it again.';

/** `complete`: the sample is the whole file (else a character may be cut at its end). */
export function detectCsvEncoding(sample: Uint8Array, complete: boolean): CsvEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { ok: true, encoding: "utf-8" };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { ok: true, encoding: "utf-16le" };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { ok: true, encoding: "utf-16be" };
  if (isUtf8(complete ? sample : withoutCutCharacter(sample))) return { ok: true, encoding: "utf-8" };
  const best = analyse(sample)[0]?.name;
  if (best !== undefined && Object.hasOwn(LEGACY, best)) {
    return { ok: true, encoding: LEGACY[best as keyof typeof LEGACY] };
  }
  const named = best === undefined ? "an encoding Apportion cannot recognise" : `${best}, which Apportion cannot read`;
  return { ok: false, error: `This file is in ${named}. ${SAVE_AS_UTF8}` };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The sample without a multi-byte character cut at its end (at most 3 bytes go). */
function withoutCutCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.subarray(0, bytes.length - back) : bytes;
  }
  return bytes;
}
