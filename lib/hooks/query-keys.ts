// Query keys shared by server prefetches and client hooks (kept out of "use client" modules,
// whose exports are references, not values, on the server).
export const connectionKey = ["connection"] as const;
export const transactionsKey = (query: string) => ["transactions", query] as const;
export const submissionKey = (id: string) => ["submission", id] as const;
export const rulesKey = ["rules"] as const;
export const bulkKey = (id: string) => ["bulk", id] as const;
export const progressKey = (id: string) => ["submission-progress", id] as const;
