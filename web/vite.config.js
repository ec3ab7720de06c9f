// The production build goes to the Python package's served directory, which is committed:
// `cuatrola serve` needs no Node at run time. tests/web/test_build.py rebuilds into a
// temporary directory and compares, so the output must depend only on the sources.
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  publicDir: "public",
  build: {
    outDir: "../src/cuatrola/clients/web",
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  test: {
    environment: "jsdom",
    include: ["test/**/*.test.js"],
  },
});
