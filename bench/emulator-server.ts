// The emulator in a process of its own for `npm run bench -- sync`: the service is remote in real
// use, so its work must not share the app's event loop. Prints its URL, stops on SIGTERM.
import { startEmulator } from "../emulator/server";

const emulator = await startEmulator({ port: 0, importDelayMs: 0 });
console.log(emulator.url);
process.on("SIGTERM", () => {
  void emulator.close().then(() => process.exit(0));
});
