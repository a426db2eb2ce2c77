// Preloaded with `node --require` by the production suite (e2e/production/deployment-checks.ts):
// sharp/libvips, OpenCV and ffmpeg cannot be loaded in this process, as in a Vercel function
// that next.config.mjs (HEAVY_PARTS) deploys without them. Any other module loads as usual.
const Module = require("node:module");

const DENIED = /[\\/]node_modules[\\/](sharp|@img|@techstark[\\/]opencv-js|@ffmpeg-installer)[\\/]/;
const resolveFilename = Module._resolveFilename;

Module._resolveFilename = function (request, ...rest) {
  const resolved = resolveFilename.call(this, request, ...rest);
  if (DENIED.test(resolved)) {
    const error = new Error(`Cannot find module '${request}': not deployed with this function`);
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  return resolved;
};
