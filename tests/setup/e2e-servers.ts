import { afterAll } from "vitest";
import { leftServersStopped } from "../e2e/support/server";

// After each browser file's own afterAll: no server of it is left running (support/server.ts).
afterAll(leftServersStopped);
