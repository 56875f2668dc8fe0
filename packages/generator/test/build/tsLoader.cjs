// The test app's webpack loader for TypeScript: ts.transpileModule, as a user's ts-loader or babel would.
const ts = require('typescript');

module.exports = function transpile(source) {
  return ts.transpileModule(source, {
    fileName: this.resourcePath,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
};
