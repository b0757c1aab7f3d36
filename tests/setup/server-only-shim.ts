// `server-only` throws when imported outside a React Server Components bundle; in tests the
// modules run on the server anyway, so the guard is replaced by an empty module.
import { vi } from "vitest";

vi.mock("server-only", () => ({}));
