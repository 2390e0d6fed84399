// Builds the web table (service/web) into the static assets the app serves at /play/, with
// the toolchain pinned in sdk/typescript. Usage: node service/web/build.mjs [out-dir]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../../sdk/typescript/package.json"));
const esbuild = require("esbuild");

const out = resolve(process.argv[2] ?? join(here, "../cardtable/web"));
mkdirSync(join(out, "assets"), { recursive: true });
await esbuild.build({
  entryPoints: { app: join(here, "src/main.ts"), "app-style": join(here, "src/style.css") },
  outdir: join(out, "assets"),
  entryNames: "[name]",
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022"],
  legalComments: "none",
  nodePaths: [join(here, "../../sdk/typescript/node_modules")],
  logLevel: "warning",
});
// The page is minified like the assets (white space between tags dropped): the served copy
// is built output, not a second hand-kept source.
const page = readFileSync(join(here, "index.html"), "utf8");
// What makes the table installable: its manifest and icon, served with the assets.
for (const file of ["manifest.json", "icon.svg"]) writeFileSync(join(out, "assets", file), readFileSync(join(here, file)));
writeFileSync(join(out, "index.html"), `${page.replace(/>\s+</g, "><").trim()}\n`);
// The service worker (served at /play/sw.js, scope /play/) names its cache after this build:
// a hash of everything it keeps, so a new release is a new worker that replaces the old shell.
const shell = ["index.html", "assets/app.js", "assets/app-style.css", "assets/manifest.json", "assets/icon.svg"];
const hash = createHash("sha256");
for (const file of shell) hash.update(readFileSync(join(out, file)));
await esbuild.build({
  entryPoints: [join(here, "src/sw.ts")],
  outfile: join(out, "sw.js"),
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2022"],
  legalComments: "none",
  define: { BUILD: JSON.stringify(hash.digest("hex").slice(0, 16)) },
  logLevel: "warning",
});
