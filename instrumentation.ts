// Validates configuration once when the server starts, so a missing or malformed variable
// stops start-up with a message naming it instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/env");
  getEnv();
}
