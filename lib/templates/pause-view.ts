// The "Pause automatic sending" switch as pages show it (lib/templates/pause.ts keeps it). Shared:
// the switch and the banner, client and server, read it from the session's connection row.
export type PauseView = { paused: false } | { paused: true; pausedAt: string; pausedBy: string };

export function pauseOf(connection: { autoSendPausedAt: Date | null; autoSendPausedBy: string | null }): PauseView {
  return connection.autoSendPausedAt
    ? { paused: true, pausedAt: connection.autoSendPausedAt.toISOString(), pausedBy: connection.autoSendPausedBy ?? "" }
    : { paused: false };
}
