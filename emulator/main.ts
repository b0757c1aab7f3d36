// CLI entry of the Playground emulator (`npm run emulator`; `npm run dev` starts it too).
import { configFromEnv, type EmulatorConfig } from "./config";
import { startEmulator } from "./server";

async function main(): Promise<void> {
  const config = readConfig();
  const emulator = await startEmulator(config);
  console.log(`Playground emulator listening on ${emulator.url}`);
  if (!config.testSwitches) console.log("Test switches are disabled; only /__emulator/health answers.");

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Playground emulator stopping (${signal})`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Playground emulator did not close cleanly:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function readConfig(): EmulatorConfig {
  try {
    return configFromEnv(process.env);
  } catch (error) {
    // Fail fast with the reason, not a stack trace: the usual cause is a mistyped variable.
    console.error(
      `Playground emulator: invalid configuration: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error("Playground emulator failed to start:", error);
  process.exit(1);
});
