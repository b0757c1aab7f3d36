// Where the probe's browser step comes back to: one definition for the probe's command, the
// README's command and the addresses `npm run dev` registers in its emulator, so
// the three never disagree.

export const DEFAULT_PROBE_PORT = 3999;

/** The local callback address of the probe listening on `port`. */
export function probeRedirectUri(port: number | string = DEFAULT_PROBE_PORT): string {
  return `http://127.0.0.1:${port}/probe/callback`;
}

/**
 * The redirect URIs `npm run dev` registers in its emulator: the app's callback (under localhost
 * and 127.0.0.1) and the probe's, so the README's probe command works against it unchanged.
 */
export function devEmulatorRedirectUris(appCallback: string, probePort: string | undefined): string[] {
  const uris = [
    appCallback,
    appCallback.replace("//localhost:", "//127.0.0.1:"),
    probeRedirectUri(probePort ?? DEFAULT_PROBE_PORT),
  ];
  return [...new Set(uris)];
}
