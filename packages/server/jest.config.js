// The server's own tests (src and test); the configuration they share with the quality gates is jest-preset.js.
/** @type {import('jest').Config} */
module.exports = {
  preset: "./jest-preset.js",
  roots: ["<rootDir>/src", "<rootDir>/test"],
};
