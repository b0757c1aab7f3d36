// A CSV's encoding is detected before it is read; Windows-1252 read right, UTF-16
// with its byte-order mark read, an encoding that cannot be read refused by name.
import { describe, expect, it } from "vitest";
import { detectCsvEncoding } from "@/lib/bulk/csv-encoding";
import { readCsv } from "@/lib/bulk/csv-read";

const CSV = "transaction_id,amount,fund\nt1,10.00,Fünd Ärger\nt2,5.00,Café Müller\n";

/** Windows-1252 bytes of text in Latin-1's range (each character is one byte). */
const windows1252 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
function utf16(text: string, order: "le" | "be"): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(order === "le" ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + i * 2 + (order === "le" ? 0 : 1)] = code & 0xff;
    bytes[2 + i * 2 + (order === "le" ? 1 : 0)] = code >> 8;
  }
  return bytes;
}

/** Detects, decodes as the browser's FileReader would in that encoding, then reads. */
async function funds(bytes: Uint8Array) {
  const detected = detectCsvEncoding(bytes, true);
  if (!detected.ok) return detected.error;
  const result = await readCsv(new TextDecoder(detected.encoding).decode(bytes));
  return result.ok ? result.groups.map((g) => g.rows[0]?.values.fund) : result.error;
}

describe("the encoding of a bulk CSV", () => {
  it("reads Windows-1252 right: Fünd Ärger stays Fünd Ärger", async () => {
    expect(detectCsvEncoding(windows1252(CSV), true)).toEqual({ ok: true, encoding: "windows-1252" });
    expect(await funds(windows1252(CSV))).toEqual(["Fünd Ärger", "Café Müller"]);
  });

  it("reads UTF-8 with and without its byte-order mark", async () => {
    const utf8 = new TextEncoder().encode(CSV);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(detectCsvEncoding(utf8, true)).toEqual({ ok: true, encoding: "utf-8" });
    expect(detectCsvEncoding(withBom, true)).toEqual({ ok: true, encoding: "utf-8" });
    expect(await funds(withBom)).toEqual(["Fünd Ärger", "Café Müller"]);
  });

  it("reads UTF-16 with its byte-order mark, either order", async () => {
    expect(detectCsvEncoding(utf16(CSV, "le"), true)).toEqual({ ok: true, encoding: "utf-16le" });
    expect(detectCsvEncoding(utf16(CSV, "be"), true)).toEqual({ ok: true, encoding: "utf-16be" });
    expect(await funds(utf16(CSV, "le"))).toEqual(["Fünd Ärger", "Café Müller"]);
    expect(await funds(utf16(CSV, "be"))).toEqual(["Fünd Ärger", "Café Müller"]);
  });

  it("keeps a sample UTF-8 when only its last character is cut", () => {
    const utf8 = new TextEncoder().encode("transaction_id,fund\nt1,Ärger");
    // The sample ends on the first byte of "Ä" (2 bytes in UTF-8): cut by the sample, not broken.
    const cut = utf8.subarray(0, utf8.length - 5);
    expect(detectCsvEncoding(cut, false)).toEqual({ ok: true, encoding: "utf-8" });
    expect(detectCsvEncoding(cut, true)).not.toEqual({ ok: true, encoding: "utf-8" });
  });

  it("refuses, by name, an encoding it cannot read", () => {
    // Shift_JIS: "transaction_id,fund" then a line of Japanese (寄付 = gift, 一般 = general).
    const shiftJis = new Uint8Array([
      ...new TextEncoder().encode("transaction_id,fund\n"),
      ...Array.from({ length: 40 }, () => [0x8a, 0xf1, 0x95, 0x74, 0x2c, 0x88, 0xea, 0x94, 0xca, 0x0a]).flat(),
    ]);
    const detected = detectCsvEncoding(shiftJis, true);
    expect(detected).toEqual({
      ok: false,
      error: 'This file is in Shift_JIS, which Apportion cannot read. Save it as "CSV UTF-8" and upload it again.',
    });
  });
});
