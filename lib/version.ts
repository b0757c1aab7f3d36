// The app's version, as package.json names it: health answers carry it, so an operator sees which
// release each instance runs during a rolling deploy.
import "server-only";
import packageJson from "@/package.json" with { type: "json" };

export const APP_VERSION: string = packageJson.version;
