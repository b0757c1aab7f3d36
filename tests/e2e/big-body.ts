// Sends a large body the way an attacker would: chunked (no Content-Length), as fast as the
// server takes it, until the server answers. Node's http client, because the browser's request
// API buffers a body whole before sending it.
import http from "node:http";

export type BigBodyAnswer = { status: number; body: string; sentBytes: number };

export function sendBigBody(options: {
  port: number;
  path: string;
  totalBytes: number;
  headers?: Record<string, string>;
  /** Declares this length and sends nothing: the answer must come without the body. */
  declareOnly?: boolean;
}): Promise<BigBodyAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": "application/json", ...options.headers };
    if (options.declareOnly) headers["Content-Length"] = String(options.totalBytes);
    else headers["Transfer-Encoding"] = "chunked";
    const request = http.request({
      host: "localhost",
      port: options.port,
      path: options.path,
      method: "POST",
      headers,
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sentBytes = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (body += part));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.declareOnly) {
      request.flushHeaders();
      return;
    }
    const pump = () => {
      while (!answered && sentBytes < options.totalBytes) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}
