// Babel strips TypeScript's types so dependency-cruiser can read the imports (.dependency-cruiser.cjs).
// `import type` would vanish with them; keeping it as a bare import lets the rules see it too,
// since an import of another feature's types is still an import of that feature.
// It runs on entering the program, as the TypeScript plugin removes type imports there too.
const keepTypeImports = () => ({
  visitor: {
    Program(program) {
      for (const path of program.get('body')) {
        const { node } = path;
        if (node.type !== 'ImportDeclaration') continue;
        const typesOnly =
          node.importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
        if (typesOnly) {
          node.importKind = 'value';
          node.specifiers = [];
        }
      }
    },
  },
});

module.exports = { plugins: [keepTypeImports], presets: [require.resolve('@babel/preset-typescript')] };
