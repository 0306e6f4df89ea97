// Builds the Activity into ../bot/web/static/ (index.html, app.js, app.css), shipped with the
// Python package. `npm ci && npm run build`; the Python tests never need Node.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "bot", "web", "static");
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(here, "src", "main.ts")],
  outfile: join(out, "app.js"),
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022"],
  legalComments: "none",
  logLevel: "info",
});
copyFileSync(join(here, "src", "index.html"), join(out, "index.html"));
copyFileSync(join(here, "src", "app.css"), join(out, "app.css"));

if (process.argv.includes("--dev")) {
  // the fixture viewer (web/dev/): never shipped
  await build({
    entryPoints: [join(here, "src", "dev.ts")],
    outfile: join(here, "dev", "dev.js"),
    bundle: true,
    format: "esm",
    target: ["es2022"],
    logLevel: "info",
  });
}
