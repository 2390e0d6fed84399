// The package's build: ESM and CommonJS bundles of src/index.ts with their declarations
// (index.d.ts, index.d.cts), for Node 18+ and current browsers. openapi-fetch stays an
// import (the one runtime dependency); everything else is this package's own code.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  target: "es2022",
  platform: "neutral",
  treeshake: true,
  clean: true,
  sourcemap: false,
  outDir: "dist",
});
