// Query keys shared by server prefetches and client hooks (kept out of "use client" modules,
// whose exports are references, not values, on the server).
export const connectionKey = ["connection"] as const;
