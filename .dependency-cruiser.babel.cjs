// Babel strips TypeScript's types so dependency-cruiser can read the imports (.dependency-cruiser.cjs).
module.exports = { presets: [require.resolve('@babel/preset-typescript')] };
