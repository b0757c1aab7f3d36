import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    connectionId?: string;
    sessionEpoch?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    connectionId?: string;
    sessionEpoch?: number;
  }
}
