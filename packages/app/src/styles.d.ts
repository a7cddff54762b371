// The stylesheet main.tsx imports for its effect: esbuild bundles it (scripts/build.mjs), and it exports nothing.
declare module "*.css";
